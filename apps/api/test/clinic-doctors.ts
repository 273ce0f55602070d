import type { users } from '../src/db/schema';
import { addSignedInMember, type PartnerFactoryDeps, type SignedInPartner } from './partners';

/**
 * A signed-in doctor of the clinic, working at its location, with the doctor profile given
 * (issue 23): a second author of the clinic's prescriptions and a doctor a bill may name.
 * `profile.role` makes them another member of staff.
 */
export function createSignedInDoctor(
  t: PartnerFactoryDeps,
  clinic: SignedInPartner,
  profile: Partial<typeof users.$inferInsert> = {},
): Promise<SignedInPartner> {
  return addSignedInMember(t, clinic, { role: profile.role ?? 'doctor', values: profile });
}
