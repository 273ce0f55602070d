import { toRupees } from '@vaidya/contract/bill-arithmetic';
import type { createPatientBody, Patient } from '@vaidya/contract/bookings';
import {
  type addPatientBody,
  type PatientList,
  type PatientListQuery,
  type PatientRecord,
  type PatientSummary,
  patientMessages,
  type updatePatientBody,
} from '@vaidya/contract/patients';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import { type Caller, locationFilter } from '../access/authenticate';
import { changedFields, recordAuditEvent } from '../audit/audit-trail';
import {
  findClinicToday,
  findLivePatient,
  findPatientByMobileAndName,
  findPatientByNumber,
  findRegistryPatient,
  insertPatient,
  insertPatientOfDetails,
  listFamilyOf,
  listPatientsOfMobile,
  overwritePatientDetails,
  type PatientDetails,
  type PatientRecordValues,
  type RegistryRow,
  refreshLastVisit,
  searchPatients,
  takeNextPatientNumber,
  updatePatient,
} from './patients.repository';

type AddPatientPayload = z.output<typeof addPatientBody>;
type UpdatePatientPayload = z.output<typeof updatePatientBody>;

/** What makes a patient one of a kind in the clinic: the mobile and name together, and the number. */
interface RegistryKeys {
  partnerId: string;
  patientId?: string;
  mobile?: string;
  name?: string;
  patientNumber?: string;
}

export const toSummary = (row: RegistryRow): PatientSummary => ({
  id: row.id,
  patient_number: row.patient_number,
  name: row.name,
  mobile: row.mobile,
  gender: row.gender,
  age: row.age,
  last_visit_date: row.last_visit_date,
  balance: toRupees(row.balance_paise),
});

const toRecord = (row: RegistryRow, family: PatientRecord['family']): PatientRecord => ({
  ...toSummary(row),
  date_of_birth: row.date_of_birth,
  date_of_birth_approximate: row.date_of_birth_approximate,
  address: row.address,
  email: row.email,
  blood_group: row.blood_group,
  allergies: row.allergies,
  medical_alerts: row.medical_alerts,
  alert_notes: row.alert_notes,
  notes: row.notes,
  first_seen_on: row.first_seen_on,
  merged_into_id: row.merged_into_id,
  family,
});

/** Text the desk left blank is no value at all. */
const blankToNull = (value: string | undefined) => (value === undefined ? undefined : value || null);

/**
 * The record columns a payload names, with the keys it leaves out absent, so an update keeps
 * them. A date of birth is exact; an age is turned into an approximate one by the repository;
 * an age of null clears the date of birth.
 */
function recordValues(payload: Partial<AddPatientPayload>): Partial<PatientRecordValues> {
  const values: Partial<PatientRecordValues> = {
    name: payload.name,
    mobile: payload.mobile,
    gender: payload.gender,
    address: blankToNull(payload.address),
    email: blankToNull(payload.email),
    blood_group: payload.bloodGroup,
    allergies: payload.allergies,
    medical_alerts: payload.medicalAlerts,
    alert_notes: blankToNull(payload.alertNotes),
    notes: blankToNull(payload.notes),
  };
  if (payload.dateOfBirth !== undefined) {
    Object.assign(values, { date_of_birth: payload.dateOfBirth, date_of_birth_approximate: false });
  } else if (payload.age === null) {
    Object.assign(values, { date_of_birth: null, date_of_birth_approximate: false });
  }
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/**
 * A clinic's patients (decision 036, issue 21): the one module that writes `patients`, and the
 * clinic's registry. Bookings, the booking website, prescriptions and bills ask it for the
 * patient they name, in their own transaction (`db`), so the patient and what they write about
 * them commit together.
 */
export function createPatientsService({ db, clock }: { db: Db; clock: Clock }) {
  /**
   * The one rule that decides "same patient": the clinic's live patient with this mobile and
   * this name (compared case- and space-insensitively), created with the clinic's next number
   * when it has none, so a child booked on the mother's phone is a patient of their own. With
   * `patientId` (the desk picked a patient) the details must name that patient. With
   * `overwrite` the known patient takes the name as typed and the age and gender given;
   * without, it stays as it is. The patient's row is held until `db`'s transaction ends, so
   * every other writer naming the same patient waits there.
   */
  async function findOrCreate({
    db: tx,
    overwrite,
    patientId,
    ...details
  }: PatientDetails & { db: Db; overwrite: boolean; patientId?: string }): Promise<Patient> {
    const now = clock();
    const known = await findPatientByMobileAndName(tx, { ...details, now }, { lock: true });
    if (patientId && known?.id !== patientId) {
      if (!(await findLivePatient(tx, { partnerId: details.partnerId, patientId, now }))) {
        throw notFound(patientMessages.recordLabel);
      }
      throw new AppError('VALIDATION_FAILED', patientMessages.pickedPatientDiffers);
    }
    if (known)
      return overwrite ? overwritePatientDetails(tx, { ...details, patientId: known.id, now }) : known;
    const patientNumber = await takeNextPatientNumber(tx, details.partnerId);
    return insertPatientOfDetails(tx, { ...details, patientNumber, overwrite, now });
  }

  /** The caller's patient's record as the registry answers it, or 404. */
  async function record(
    tx: Db,
    ids: { partnerId: string; patientId: string; locationIds?: readonly string[] | null },
  ): Promise<PatientRecord> {
    const now = clock();
    const row = await findRegistryPatient(tx, { ...ids, now });
    if (!row) throw notFound(patientMessages.recordLabel);
    return toRecord(row, await listFamilyOf(tx, { ...ids, mobile: row.mobile, now }));
  }

  /** Refuses a date of birth after the clinic's today. */
  async function requireBirthDateNotInFuture(
    tx: Db,
    partnerId: string,
    dateOfBirth: string | null | undefined,
  ) {
    if (!dateOfBirth) return;
    if (dateOfBirth > (await findClinicToday(tx, partnerId, clock()))) {
      throw new AppError('VALIDATION_FAILED', patientMessages.birthDateInFuture);
    }
  }

  /**
   * Refuses a mobile and name another of the clinic's live patients has (the same patient), and
   * a patient number another patient has.
   */
  async function requireFree(tx: Db, ids: RegistryKeys) {
    if (ids.mobile && ids.name) {
      const holder = await findPatientByMobileAndName(tx, {
        partnerId: ids.partnerId,
        mobile: ids.mobile,
        name: ids.name,
        now: clock(),
      });
      if (holder && holder.id !== ids.patientId) {
        throw new AppError('CONFLICT', patientMessages.alreadyOnMobile(holder.name));
      }
    }
    if (ids.patientNumber) {
      const holder = await findPatientByNumber(tx, {
        partnerId: ids.partnerId,
        patientNumber: ids.patientNumber,
      });
      if (holder && holder.id !== ids.patientId) {
        throw new AppError('CONFLICT', patientMessages.numberTaken(ids.patientNumber));
      }
    }
  }

  /**
   * Runs a registry change; a number or mobile another desk took meanwhile (the unique
   * indexes refused it) answers the same 409 as one taken before.
   */
  async function changing<T>(ids: RegistryKeys, change: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(change);
    } catch (error) {
      const taken =
        isUniqueViolationOf(error, 'patients_partner_number_key') ||
        isUniqueViolationOf(error, 'patients_partner_mobile_name_key');
      if (taken) await requireFree(db, ids);
      throw error;
    }
  }

  return {
    findOrCreate,

    /** The partner's patients on this mobile, a family's, by name: a lookup only, nothing is created. */
    findByMobile({ caller, mobile }: { caller: Caller; mobile: string }): Promise<Patient[]> {
      return listPatientsOfMobile(db, { partnerId: caller.partnerId, mobile, now: clock() });
    },

    /** The partner's patient with this mobile and name as it is, or a new one with these details. */
    create({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: z.output<typeof createPatientBody>;
    }): Promise<Patient> {
      return db.transaction((tx) =>
        findOrCreate({
          db: tx,
          partnerId: caller.partnerId,
          name: payload.name,
          mobile: payload.mobile,
          age: payload.age ?? null,
          gender: payload.gender ?? null,
          overwrite: false,
        }),
      );
    },

    /**
     * Sets the partner's patients' last visit again from their bookings, in the transaction
     * (`db`) that changed the state, date or patient of one of them (decision 043).
     */
    refreshLastVisit({
      db: tx,
      partnerId,
      patientIds,
    }: {
      db: Db;
      partnerId: string;
      patientIds: readonly string[];
    }): Promise<void> {
      return refreshLastVisit(tx, { partnerId, patientIds });
    },

    /**
     * A page of the registry: the live patients the search names, best matches first, and how
     * many match, counted up to a cap (`total_capped`: more match, decision 043).
     */
    async list({ caller, query }: { caller: Caller; query: PatientListQuery }): Promise<PatientList> {
      const { rows, total, capped } = await searchPatients(db, {
        partnerId: caller.partnerId,
        query: query.query,
        limit: query.limit,
        page: query.page,
        now: clock(),
        locationIds: locationFilter(caller),
      });
      return {
        results: rows.map(toSummary),
        pagination: { total, page: query.page, limit: query.limit, total_capped: capped },
      };
    },

    /** The caller's patient's whole record; 404 for another clinic's. */
    byId({ caller, patientId }: { caller: Caller; patientId: string }): Promise<PatientRecord> {
      return record(db, { partnerId: caller.partnerId, patientId, locationIds: locationFilter(caller) });
    },

    /**
     * Adds a patient by hand, first seen today, with the clinic's next number unless one is given;
     * a number or a mobile the clinic already has answers 409.
     */
    add({ caller, payload }: { caller: Caller; payload: AddPatientPayload }): Promise<PatientRecord> {
      const keys = {
        partnerId: caller.partnerId,
        mobile: payload.mobile,
        name: payload.name,
        patientNumber: payload.patientNumber,
      };
      return changing(keys, async (tx) => {
        await requireBirthDateNotInFuture(tx, keys.partnerId, payload.dateOfBirth);
        await requireFree(tx, keys);
        const patientId = await insertPatient(tx, {
          partnerId: keys.partnerId,
          patientNumber: payload.patientNumber || (await takeNextPatientNumber(tx, keys.partnerId)),
          age: payload.age ?? null,
          now: clock(),
          values: { ...recordValues(payload), name: payload.name, mobile: payload.mobile },
        });
        const act = { recordType: 'patient', recordId: patientId, patientId } as const;
        await recordAuditEvent(tx, caller, { ...act, action: 'created' });
        return record(tx, { partnerId: keys.partnerId, patientId });
      });
    },

    /**
     * Edits the caller's patient: what the payload leaves out stays as it is; 404 for another
     * clinic's or a merged one. The mobile and name it ends with must not be another patient's.
     */
    update({ caller, payload }: { caller: Caller; payload: UpdatePatientPayload }): Promise<PatientRecord> {
      const ids = { partnerId: caller.partnerId, patientId: payload.id };
      const patientNumber = payload.patientNumber || undefined;
      const keys = { ...ids, mobile: payload.mobile, name: payload.name, patientNumber };
      return changing(keys, async (tx) => {
        const now = clock();
        const current = await findLivePatient(tx, { ...ids, now }, { lock: true });
        if (!current) throw notFound(patientMessages.recordLabel);
        await requireBirthDateNotInFuture(tx, ids.partnerId, payload.dateOfBirth);
        await requireFree(tx, {
          ...keys,
          mobile: payload.mobile ?? current.mobile,
          name: payload.name ?? current.name,
        });
        const { family: _before, ...before } = await record(tx, ids);
        await updatePatient(tx, {
          ...ids,
          patientNumber,
          age: payload.age,
          now,
          values: recordValues(payload),
        });
        const after = await record(tx, ids);
        const { family: _after, ...edited } = after;
        const changes = changedFields(before, edited);
        const entry = { recordType: 'patient', recordId: ids.patientId, patientId: ids.patientId } as const;
        if (changes) await recordAuditEvent(tx, caller, { ...entry, action: 'updated', changes });
        return after;
      });
    },
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
