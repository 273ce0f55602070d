import {
  type AuditEvent,
  type auditEventsQuery,
  auditExportColumns,
  type auditExportQuery,
  auditMessages,
} from '@vaidya/contract/audit';
import { auditActionLabels, auditRecordTypeLabels } from '@vaidya/contract/audit-screens';
import { toCsv } from '@vaidya/contract/csv';
import type { Pagination } from '@vaidya/contract/envelope';
import { patientMessages } from '@vaidya/contract/patients';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import {
  type AuditSelection,
  isClinicPatient,
  listAllAuditEvents,
  listAuditEvents,
} from './audit.repository';

type Filters = z.output<typeof auditExportQuery>;

/**
 * The audit trail as its readers see it (issue 23, decision 047): an owner the clinic's every
 * act, a doctor only their own, whatever the filters ask; another clinic's patient is not found,
 * as in the patients module.
 */
export function createAuditService({ db }: { db: Db }) {
  async function selectionOf(caller: Caller, filters: Filters): Promise<AuditSelection> {
    if (filters.patient_id) {
      const ids = { partnerId: caller.partnerId, patientId: filters.patient_id };
      if (!(await isClinicPatient(db, ids))) throw notFound(patientMessages.recordLabel);
    }
    return {
      partnerId: caller.partnerId,
      patientId: filters.patient_id,
      userId: caller.role === 'owner' ? filters.user_id : caller.userId,
      action: filters.action,
      recordType: filters.record_type,
      from: filters.from,
      to: filters.to,
    };
  }

  return {
    /** A page of the trail, newest first. */
    async events({
      caller,
      query,
    }: {
      caller: Caller;
      query: z.output<typeof auditEventsQuery>;
    }): Promise<{ results: AuditEvent[]; pagination: Pagination }> {
      const { limit, page, ...filters } = query;
      const { rows, total } = await listAuditEvents(db, await selectionOf(caller, filters), { limit, page });
      const results: AuditEvent[] = rows.map(({ clinic_at: _clinicAt, ...row }) => ({
        ...row,
        changes: row.changes as AuditEvent['changes'],
      }));
      return { results, pagination: { total, page, limit } };
    },

    /** The trail the filters select as CSV, the clinic's times, every cell safe in a spreadsheet. */
    async exportCsv({ caller, query }: { caller: Caller; query: Filters }): Promise<string> {
      const rows = await listAllAuditEvents(db, await selectionOf(caller, query));
      return toCsv([
        auditExportColumns,
        ...rows.map((row) => [
          row.clinic_at,
          row.user_id ? row.user_name : auditMessages.noUser,
          auditActionLabels[row.action],
          [auditRecordTypeLabels[row.record_type], row.record_id].filter(Boolean).join(' '),
          row.patient_name,
          row.address,
          row.changes === null ? null : JSON.stringify(row.changes),
        ]),
      ]);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
