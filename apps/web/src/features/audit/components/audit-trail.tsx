import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type AuditAction,
  type AuditRecordType,
  auditActions,
  auditMessages,
  auditRecordTypes,
} from '@vaidya/contract/audit';
import {
  auditActionLabels,
  auditRecordTypeLabels,
  auditScreenWords as words,
} from '@vaidya/contract/audit-screens';
import { roleMay } from '@vaidya/contract/roles';
import { staffEndpoints } from '@vaidya/contract/staff';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { DateField } from '../../../components/date-field';
import { ListPagination } from '../../../components/list-pagination';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useClinic } from '../../../lib/clinic-context';
import {
  type AuditFilters,
  noAuditFilters,
  useAuditEvents,
  useAuditPeople,
  useExportAudit,
} from '../api/audit-api';
import { AuditTable } from './audit-table';

const firstLimit = 10;
const shrunkLabel = { inputLabel: { shrink: true } } as const;

/** A native select of the filter's choices, the first being no filter. */
function FilterSelect({
  label,
  value,
  anyLabel,
  options,
  onChange,
  sx,
}: {
  label: string;
  value: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  sx?: TextFieldProps['sx'];
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{ select: { native: true }, ...shrunkLabel }}
    >
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

const actionOptions = auditActions.map((action) => ({ value: action, label: auditActionLabels[action] }));
const recordTypeOptions = auditRecordTypes.map((type) => ({
  value: type,
  label: auditRecordTypeLabels[type],
}));

/**
 * The audit trail with its filters, table, pager and Export CSV: the clinic's whole trail
 * on the audit page, one patient's (`patientId`) on the patient page's Audit view. An owner
 * chooses the person from the staff list; a doctor is answered their own acts alone and is
 * offered no person. Dates in the wrong order ask nothing and say so; the export takes the
 * filters on screen.
 */
export function AuditTrail({
  patientId,
  title,
  description,
}: {
  patientId?: string;
  /** The page's heading; the patient page's view has none of its own. */
  title?: string;
  /** What the trail is, to an owner (`everyone`) and to a doctor (`own`). */
  description: { everyone: string; own: string };
}) {
  const { partner } = useClinic();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const choosesPerson = roleMay(partner.user.role, staffEndpoints.list.permission);
  const [filters, setFilters] = useState<AuditFilters>({ ...noAuditFilters, patientId: patientId ?? '' });
  const [changedLast, setChangedLast] = useState<'from' | 'to'>('from');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(firstLimit);
  const datesCrossed = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const events = useAuditEvents(filters, page, limit, !datesCrossed);
  const people = useAuditPeople(choosesPerson);
  const exporting = useExportAudit();

  const filter = (change: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(0);
  };
  const filtered =
    filters.userId !== '' ||
    filters.action !== '' ||
    filters.recordType !== '' ||
    filters.from !== '' ||
    filters.to !== '';

  const exportButton = (
    <Button
      startIcon={<FileDownloadIcon />}
      loading={exporting.isPending}
      disabled={datesCrossed}
      onClick={() => exporting.mutate(filters)}
      sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
    >
      {words.exportCsv}
    </Button>
  );

  const about = choosesPerson ? description.everyone : description.own;
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          mb: title ? 3 : 2,
        }}
      >
        {title ? (
          <PageHeader title={title} description={about} />
        ) : (
          <Typography color="text.secondary">{about}</Typography>
        )}
        {exportButton}
      </Stack>
      {exporting.isError ? (
        <ApiErrorAlert error={exporting.error} fallback={words.exportFailed} sx={{ mb: 2 }} />
      ) : null}
      {people.isError ? (
        <ApiErrorAlert error={people.error} fallback={words.staffFailed} sx={{ mb: 2 }} />
      ) : null}
      <Box
        role="group"
        aria-label={words.filters}
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${choosesPerson ? 5 : 4}, 1fr)` },
        }}
      >
        {choosesPerson ? (
          <FilterSelect
            label={words.person}
            value={filters.userId}
            anyLabel={words.everyone}
            options={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
            onChange={(userId) => filter({ userId })}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          />
        ) : null}
        <FilterSelect
          label={words.action}
          value={filters.action}
          anyLabel={words.anyAction}
          options={actionOptions}
          onChange={(action) => filter({ action: action as AuditAction | '' })}
        />
        <FilterSelect
          label={words.recordType}
          value={filters.recordType}
          anyLabel={words.anyRecordType}
          options={recordTypeOptions}
          onChange={(recordType) => filter({ recordType: recordType as AuditRecordType | '' })}
        />
        {(['from', 'to'] as const).map((end) => (
          <DateField
            key={end}
            label={words[end]}
            value={filters[end]}
            onChange={(date) => {
              filter({ [end]: date });
              setChangedLast(end);
            }}
            error={datesCrossed && changedLast === end ? auditMessages.fromAfterTo : undefined}
          />
        ))}
      </Box>
      {filtered ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: -1, mb: 1 }}>
          <Button size="small" onClick={() => filter({ ...noAuditFilters, patientId: filters.patientId })}>
            {words.clearFilters}
          </Button>
        </Stack>
      ) : null}
      {events.isError ? (
        <LoadError
          error={events.error}
          fallback={words.fetchFailed}
          retrying={events.isFetching}
          onRetry={() => events.refetch()}
        />
      ) : (
        <Paper variant="outlined">
          <AuditTable
            events={events.data?.results ?? []}
            loading={!datesCrossed && events.isPending}
            compact={compact}
            showPatient={!patientId}
            emptyText={filtered ? words.emptyFiltered : words.empty}
          />
          <ListPagination
            total={events.data?.pagination.total}
            page={page}
            limit={limit}
            compact={compact}
            onPageChange={setPage}
            onLimitChange={setLimit}
          />
        </Paper>
      )}
    </>
  );
}
