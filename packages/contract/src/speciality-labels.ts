import type { Speciality } from './specialities';

/**
 * How each speciality reads on screen: sign-up, the lead form, settings, the booking website and
 * the head of every printed document. A module of its own, so the light document pages carry
 * these few words and not the sign-in screens'.
 */
export const specialityLabels: Record<Speciality, string> = {
  DOCTOR: 'Doctor (general practice)',
  DENTIST: 'Dentist',
  PHYSIOTHERAPIST: 'Physiotherapist',
  DERMATOLOGIST: 'Dermatologist',
  PAEDIATRICIAN: 'Paediatrician',
  GYNAECOLOGIST: 'Gynaecologist',
  OTHER: 'Other',
};
