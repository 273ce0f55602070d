import { z } from 'zod';

/**
 * A clinic's speciality (spec §3): chosen at sign-up, shown on its documents and website, and
 * DENTIST opens the dental chart. A module of its own: every dashboard page reads the clinic's
 * speciality, and none but the sign-in pages needs the identity service's schemas.
 */
export const specialities = [
  'DOCTOR',
  'DENTIST',
  'PHYSIOTHERAPIST',
  'DERMATOLOGIST',
  'PAEDIATRICIAN',
  'GYNAECOLOGIST',
  'OTHER',
] as const;
export const specialitySchema = z.enum(specialities);
export type Speciality = z.infer<typeof specialitySchema>;
