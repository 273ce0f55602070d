import { localToday } from '@vaidya/contract/calendar-dates';
import { dentalMessages } from '@vaidya/contract/dental';
import { patientMessages } from '@vaidya/contract/patients';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import { patientExists } from '../patients/patients.timeline.repository';
import { findDentalClinic } from './dental.repository';

/**
 * The caller's clinic as every dental call first checks it (spec §6: the chart is a dentist's):
 * a clinic of another speciality is refused 403 before anything it names is looked at.
 */
export async function requireDentalClinic(db: Db, partnerId: string, now: Date) {
  const clinic = await findDentalClinic(db, partnerId);
  if (!clinic) throw notFound('Partner');
  if (clinic.speciality !== 'DENTIST') throw new AppError('FORBIDDEN', dentalMessages.notDentist);
  return {
    toothNumbering: clinic.toothNumbering,
    timeZone: clinic.timeZone,
    today: localToday(clinic.timeZone, now).date,
  };
}

/** The clinic's patient, or 404. */
export async function requirePatient(db: Db, ids: { partnerId: string; patientId: string }) {
  if (!(await patientExists(db, ids))) throw notFound(patientMessages.recordLabel);
}
