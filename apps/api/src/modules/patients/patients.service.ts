import type { createPatientBody, Patient } from '@vaidya/contract/bookings';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Caller } from '../access/authenticate';
import {
  createOrFindPatientByMobile,
  findPatientByMobile,
  type PatientDetails,
  type PatientRow,
  renamePatient,
} from './patients.repository';

const toPatient = (row: PatientRow): Patient => ({
  id: row.id,
  name: row.name,
  mobile: row.mobile,
  age: row.age,
  gender: row.gender,
});

/**
 * A clinic's patients (decision 036): the one module that writes `patients`. Bookings, the
 * booking website, prescriptions and bills ask it for the patient they name, in their own
 * transaction (`db`), so the patient and what they write about them commit together.
 */
export function createPatientsService({ db, clock }: { db: Db; clock: Clock }) {
  /**
   * The one rule that decides "same patient": the clinic's patient these details name, created
   * when it has none. Today a clinic knows a patient by mobile alone, so details under a known
   * mobile name that mobile's patient. With `overwrite` the known patient takes the name (and
   * the age and gender given) typed; without, it stays as it is. The patient's row is held
   * until `db`'s transaction ends, so every other writer naming the same patient waits there.
   */
  async function findOrCreate({
    db: tx,
    overwrite,
    ...details
  }: PatientDetails & { db: Db; overwrite: boolean }): Promise<Patient> {
    return toPatient(await createOrFindPatientByMobile(tx, { ...details, overwrite }));
  }

  return {
    findOrCreate,

    /** The partner's patient with this mobile, or null: a lookup only, nothing is created. */
    async findByMobile({ caller, mobile }: { caller: Caller; mobile: string }): Promise<Patient | null> {
      const row = await findPatientByMobile(db, { partnerId: caller.partnerId, mobile });
      return row ? toPatient(row) : null;
    },

    /** The partner's patient with this mobile as it is, or a new one with these details. */
    create({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: z.output<typeof createPatientBody>;
    }): Promise<Patient> {
      return findOrCreate({
        db,
        partnerId: caller.partnerId,
        name: payload.name,
        mobile: payload.mobile,
        age: payload.age ?? null,
        gender: payload.gender ?? null,
        overwrite: false,
      });
    },

    /** Renames the partner's patient everywhere it is shown; false when the partner has no such patient. */
    rename({
      db: tx,
      partnerId,
      patientId,
      name,
    }: {
      db: Db;
      partnerId: string;
      patientId: string;
      name: string;
    }): Promise<boolean> {
      return renamePatient(tx, { partnerId, patientId, name, now: clock() });
    },
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
