import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEnvelope } from './envelope';
import { patientListQuery, patientRecordResponse, patientSummarySchema, patientTags } from './patients';

/**
 * Merging two records of one patient (issue 21, decision 042): the likely duplicates of the
 * clinic, and the merge that moves every booking, prescription, bill and payment of one record
 * to the other, leaving the merged record marked, never deleted.
 */
export const patientMergeMessages = {
  merged: 'Patients merged successfully',
  mergedLabel: 'Patient to merge',
  intoItself: 'A patient cannot be merged into itself: choose two different records',
  alreadyMerged: (name: string) => `${name} was already merged into another record`,
} as const;

/** Why two records look like one patient. */
export const duplicateReasons = ['similar_name', 'same_birth_date'] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];

/**
 * Two live records of the clinic that look like one patient: on one mobile with similar names
 * (one name the start of the other, "Asha" and "Asha Patil", or close in spelling, "Aasha
 * Patil"), or of one name and date of birth on two mobiles. The first was seen first.
 */
export const duplicatePairSchema = z.object({
  reason: z.enum(duplicateReasons),
  patients: z.tuple([patientSummarySchema, patientSummarySchema]),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** The list of likely duplicates: `query` as the registry's search, `patient_id` only the pairs of that patient. */
export const duplicateListQuery = patientListQuery.extend({ patient_id: z.uuid().optional() });
export type DuplicateListQuery = z.infer<typeof duplicateListQuery>;
export const duplicateListResponse = listEnvelope(duplicatePairSchema);

/** Merges `mergeId` into `keepId`: the kept record is the one answered. */
export const mergePatientsBody = z
  .object({ keepId: z.uuid(), mergeId: z.uuid() })
  .refine((ids) => ids.keepId !== ids.mergeId, {
    message: patientMergeMessages.intoItself,
    path: ['mergeId'],
  });
export type MergePatientsBody = z.input<typeof mergePatientsBody>;

/** The registry's merge calls, under /api/patient (decision 039). */
export const patientMergeEndpoints = {
  duplicates: endpoint({
    method: 'GET',
    path: '/patient/get-duplicates',
    summary:
      'Pairs of the clinic’s patients that look like one: one mobile and similar names, or one name and date of birth',
    tags: patientTags,
    access: 'signed-in',
    query: duplicateListQuery,
    response: duplicateListResponse,
  }),
  merge: endpoint({
    method: 'POST',
    path: '/patient/merge-patients',
    summary:
      'Merges a patient into another: their bookings, prescriptions, bills, payments and messages move to the kept record, which is answered',
    tags: patientTags,
    access: 'signed-in',
    body: mergePatientsBody,
    response: patientRecordResponse,
    refusals: [404, 409],
  }),
};
