import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type AuditAction, type AuditRecordType, auditEndpoints } from '@vaidya/contract/audit';
import { auditScreenWords as words } from '@vaidya/contract/audit-screens';
import { staffEndpoints } from '@vaidya/contract/staff';
import { callApi, downloadApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** What the trail is narrowed to; an empty string is no filter. */
export interface AuditFilters {
  /** The patient page's view: that patient's acts only. */
  patientId: string;
  userId: string;
  action: AuditAction | '';
  recordType: AuditRecordType | '';
  /** 'YYYY-MM-DD' in the clinic's calendar, or ''. */
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = {
  patientId: '',
  userId: '',
  action: '',
  recordType: '',
  from: '',
  to: '',
};

export const auditKeys = {
  all: ['audit'],
  events: (filters: AuditFilters, page: number, limit: number) => ['audit', 'events', filters, page, limit],
  people: ['audit', 'people'],
};

/** The filters as the API's query: the export's and the list's alike, without the empty ones. */
export function auditQueryOf(filters: AuditFilters) {
  return {
    patient_id: filters.patientId || undefined,
    user_id: filters.userId || undefined,
    action: filters.action || undefined,
    record_type: filters.recordType || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** A page of the trail, newest first; the rows of the last answer stay while the next page is on its way. */
export function useAuditEvents(filters: AuditFilters, page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.events(filters, page, limit),
    queryFn: async ({ signal }) =>
      (
        await callApi(auditEndpoints.events, {
          query: { ...auditQueryOf(filters), limit, page: page + 1 },
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    retry: retryOnceUnlessRefused,
  });
}

/** Everyone who signs in to the clinic, for the Person filter: an owner's list alone. */
export function useAuditPeople(enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.people,
    queryFn: async ({ signal }) =>
      (await callApi(staffEndpoints.list, { signal })).data.map((member) => ({
        id: member.user_id,
        name: member.name,
      })),
    enabled,
    retry: retryOnceUnlessRefused,
  });
}

/** Downloads every act the filters select as a CSV file. */
export function useExportAudit() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) =>
      saveFile(
        await downloadApi(auditEndpoints.exportCsv, { query: auditQueryOf(filters) }),
        words.exportFileName,
      ),
  });
}
