import {
  type DuplicateListQuery,
  type DuplicatePair,
  patientMergeMessages,
} from '@vaidya/contract/patient-merge';
import { type PatientRecord, patientMessages } from '@vaidya/contract/patients';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { recordAuditEvent } from '../audit/audit-trail';
import {
  insertPatientMerge,
  listDuplicatePairs,
  listRegistryPatients,
  lockMergingPatients,
  type MergingPatient,
  markMerged,
  writeKeptRecord,
} from './patients.merge.repository';
import { refreshLastVisit } from './patients.repository';
import { type PatientsService, toSummary } from './patients.service';

/** Which of the clinic's records of a patient move to another: one table's rows, by their owner. */
export interface PatientMove {
  partnerId: string;
  fromPatientId: string;
  toPatientId: string;
}

/** Moves one table's rows of a patient to another, in the merge's transaction, answering how many moved. */
export type PatientMover = (tx: Db, move: PatientMove) => Promise<number>;

/**
 * What a merge moves, each by the module that writes its table (decision 042): bookings,
 * prescriptions, bills (their payments follow them), receipts and the dental chart's findings
 * and plans. Messages follow the booking, prescription or bill they are about.
 */
export interface PatientMovers {
  bookings: PatientMover;
  prescriptions: PatientMover;
  bills: PatientMover;
  receipts: PatientMover;
  dental: PatientMover;
}

/** Each text once, whatever its case, the kept record's first. */
function union(kept: readonly string[], merged: readonly string[]): string[] {
  const seen = new Set(kept.map((text) => text.trim().toLowerCase()));
  return [...kept, ...merged.filter((text) => !seen.has(text.trim().toLowerCase()))];
}

/** Both texts, the kept one first, one only when they say the same. */
function appended(kept: string | null, merged: string | null): string | null {
  if (!kept || !merged || kept.trim() === merged.trim()) return kept || merged;
  return `${kept}\n${merged}`;
}

/**
 * What the kept record becomes: never less safe than either record (the allergies and medical
 * alerts of both), its blank details filled from the merged one (an exact date of birth also
 * over one worked out from an age), both notes, and first seen when the first of them was.
 */
function keptValues(kept: MergingPatient, merged: MergingPatient) {
  const takeBirthDate =
    merged.date_of_birth !== null &&
    (kept.date_of_birth === null || (kept.date_of_birth_approximate && !merged.date_of_birth_approximate));
  const birth = takeBirthDate ? merged : kept;
  const seenFirst = merged.first_seen_on < kept.first_seen_on ? merged : kept;
  return {
    gender: kept.gender ?? merged.gender,
    date_of_birth: birth.date_of_birth,
    date_of_birth_approximate: birth.date_of_birth_approximate,
    address: kept.address ?? merged.address,
    email: kept.email ?? merged.email,
    blood_group: kept.blood_group ?? merged.blood_group,
    allergies: union(kept.allergies, merged.allergies),
    medical_alerts: [...new Set([...kept.medical_alerts, ...merged.medical_alerts])],
    alert_notes: appended(kept.alert_notes, merged.alert_notes),
    notes: appended(kept.notes, merged.notes),
    first_seen_on: seenFirst.first_seen_on,
  };
}

/**
 * Merging two records of one patient (issue 21, decision 042): the clinic's likely duplicates,
 * and the merge, one transaction that holds both patients, moves every record of the merged
 * one to the kept one through each table's own module (`movers`), gives the kept record the
 * merged one's allergies, alerts and missing details, marks the merged record (never deleted)
 * and writes who merged what in `patient_merges`; the last visit of both is worked out again.
 */
export function createPatientMergeService({
  db,
  clock,
  patients,
  movers,
}: {
  db: Db;
  clock: Clock;
  patients: Pick<PatientsService, 'byId'>;
  movers: PatientMovers;
}) {
  return {
    /** A page of the clinic's likely duplicate pairs, each pair's first patient the one seen first. */
    async duplicates({ caller, query }: { caller: Caller; query: DuplicateListQuery }) {
      const partnerId = caller.partnerId;
      const { pairs, total } = await listDuplicatePairs(db, {
        partnerId,
        patientId: query.patient_id,
        query: query.query,
        limit: query.limit,
        page: query.page,
      });
      const rows = await listRegistryPatients(db, {
        partnerId,
        patientIds: [...new Set(pairs.flatMap((pair) => [pair.firstId, pair.secondId]))],
        now: clock(),
      });
      const byId = new Map(rows.map((row) => [row.id, row]));
      const rowOf = (id: string) => {
        const row = byId.get(id);
        if (!row) throw new Error('A duplicate pair names a patient the registry did not answer');
        return row;
      };
      const results = pairs.map(
        (pair): DuplicatePair => ({
          reason: pair.reason,
          patients: [toSummary(rowOf(pair.firstId)), toSummary(rowOf(pair.secondId))],
        }),
      );
      return { results, pagination: { total, page: query.page, limit: query.limit } };
    },

    /**
     * Merges the caller's patient `mergeId` into `keepId` and answers the kept record. Another
     * clinic's patient (or none) answers 404; a patient merged before, either of the two, 409;
     * the same patient twice 409 (the contract refuses it first).
     */
    async merge({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: { keepId: string; mergeId: string };
    }): Promise<PatientRecord> {
      const partnerId = caller.partnerId;
      const { keepId, mergeId } = payload;
      if (keepId === mergeId) throw new AppError('CONFLICT', patientMergeMessages.intoItself);
      await db.transaction(async (tx) => {
        const locked = await lockMergingPatients(tx, { partnerId, patientIds: [keepId, mergeId] });
        const kept = locked.find((patient) => patient.id === keepId);
        const merged = locked.find((patient) => patient.id === mergeId);
        if (!kept || !merged) throw notFound(patientMessages.recordLabel);
        for (const patient of [merged, kept]) {
          if (patient.merged_into_id) {
            throw new AppError('CONFLICT', patientMergeMessages.alreadyMerged(patient.name));
          }
        }
        const move = { partnerId, fromPatientId: mergeId, toPatientId: keepId };
        const moved = {
          bookings: await movers.bookings(tx, move),
          prescriptions: await movers.prescriptions(tx, move),
          bills: await movers.bills(tx, move),
          receipts: await movers.receipts(tx, move),
          dental: await movers.dental(tx, move),
        };
        const now = clock();
        await writeKeptRecord(tx, { patientId: keepId, now, values: keptValues(kept, merged) });
        await markMerged(tx, { mergedId: mergeId, keptId: keepId, now });
        await refreshLastVisit(tx, { partnerId, patientIds: [keepId, mergeId] });
        await insertPatientMerge(tx, {
          partner_id: partnerId,
          kept_patient_id: keepId,
          merged_patient_id: mergeId,
          merged_by: caller.userId,
          merged_at: now,
          moved,
        });
        await recordAuditEvent(tx, caller, {
          action: 'merged',
          recordType: 'patient',
          recordId: mergeId,
          patientId: keepId,
          changes: {
            before: { patient_id: mergeId, name: merged.name },
            after: { merged_into_id: keepId, moved },
          },
        });
      });
      return patients.byId({ caller, patientId: keepId });
    },
  };
}

export type PatientMergeService = ReturnType<typeof createPatientMergeService>;
