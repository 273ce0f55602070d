import {
  type PatientTimeline,
  type PatientTimelineQuery,
  patientMessages,
  timelineItemSchema,
} from '@vaidya/contract/patients';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import { type Caller, locationFilter } from '../access/authenticate';
import { patientExists, readTimelinePage } from './patients.timeline.repository';

/** A row of the timeline's query, its item read by the contract's own schema. */
const timelineRow = z.object({ item: timelineItemSchema, more: z.boolean() });

/**
 * A patient's timeline (issue 21): their bookings, prescriptions, bills, payments and messages,
 * newest first, a page at a time. Two queries whatever the patient's history: the patient is the
 * caller's, then the page itself (decision 036: other modules' tables are only read). A member
 * of staff sees the items of the locations they work at (issue 23); an owner, every one.
 */
export function createPatientTimelineService({ db }: { db: Db }) {
  return {
    /** A page of the caller's patient's timeline before `query.before`; 404 for another clinic's patient. */
    async timeline({
      caller,
      query,
    }: {
      caller: Caller;
      query: PatientTimelineQuery;
    }): Promise<PatientTimeline> {
      const ids = { partnerId: caller.partnerId, patientId: query.patient_id };
      if (!(await patientExists(db, ids))) throw notFound(patientMessages.recordLabel);
      const rows = z.array(timelineRow).parse(
        await readTimelinePage(db, {
          ...ids,
          before: query.before,
          limit: query.limit,
          locationIds: locationFilter(caller),
        }),
      );
      const results = rows.map((row) => row.item);
      const last = results.at(-1);
      return { results, next_before: rows[0]?.more && last ? last.at : null };
    },
  };
}

export type PatientTimelineService = ReturnType<typeof createPatientTimelineService>;
