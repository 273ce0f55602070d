import type { Speciality } from '@vaidya/contract/identity';

/** How each speciality of the contract reads on screen. */
export const specialityLabels: Record<Speciality, string> = {
  DOCTOR: 'Doctor (general practice)',
  DENTIST: 'Dentist',
  PHYSIOTHERAPIST: 'Physiotherapist',
  DERMATOLOGIST: 'Dermatologist',
  PAEDIATRICIAN: 'Paediatrician',
  GYNAECOLOGIST: 'Gynaecologist',
  OTHER: 'Other',
};
