import type { DocumentAuthor, DocumentDoctor } from '@vaidya/contract/documents';
import { fileUrl } from '@vaidya/contract/uploads';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { queues, slots, users } from '../../db/schema';
import { findClinicDoctor } from '../access/access.repository';

/**
 * The people a document names (issue 23): a prescription's author, with the doctor profile
 * its footer prints, and a bill's doctor and the member of staff who made it.
 */

/** The author's profile as the prescription prints it, or null for none (an older form, a removed user). */
export async function findDocumentAuthor(db: Db, userId: string | null): Promise<DocumentAuthor | null> {
  if (!userId) return null;
  const [row] = await db
    .select({
      name: users.name,
      qualification: users.qualification,
      registration_council: users.registration_council,
      registration_number: users.registration_number,
      signature: users.signature_url,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const { signature, ...profile } = row;
  // The column keeps the upload's key, as the clinic's layout images are kept.
  return { ...profile, signature_url: signature ? fileUrl(signature) : null };
}

/** The names and registration numbers of these users, by id; unknown ids are left out. */
export async function findDocumentDoctors(
  db: Db,
  userIds: (string | null)[],
): Promise<Map<string, DocumentDoctor>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, registration_number: users.registration_number })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...doctor }) => [id, doctor]));
}

/** The active doctor of a booking's queue, or null for none (no booking, no doctor, or one who left). */
export async function findQueueDoctor(
  db: Db,
  ids: { partnerId: string; slotId: string | null },
): Promise<string | null> {
  if (!ids.slotId) return null;
  const [queue] = await db
    .select({ doctor: queues.doctor_user_id })
    .from(slots)
    .innerJoin(queues, eq(queues.id, slots.queue_id))
    .where(and(eq(slots.id, ids.slotId), eq(slots.partner_id, ids.partnerId)));
  const doctor = queue?.doctor;
  return doctor && (await findClinicDoctor(db, { partnerId: ids.partnerId, userId: doctor })) ? doctor : null;
}
