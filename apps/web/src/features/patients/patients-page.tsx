import FileDownloadIcon from '@mui/icons-material/FileDownload';
import MergeIcon from '@mui/icons-material/MergeType';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { patientCsvWords, patientsScreenWords as words } from '@vaidya/contract/patient-screens';
import type { PatientRecord, PatientSummary } from '@vaidya/contract/patients';
import { type KeyboardEvent, lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useMay } from '../../lib/partner-details-query';
import { paths } from '../../lib/paths';
import { useDebounced } from '../../lib/use-debounced';
import { useExportPatients } from './api/patient-csv-api';
import { usePatients } from './api/patients-api';
import { PatientsTable, patientRowId } from './components/patients-table';

const PatientDialog = lazy(async () => ({
  default: (await import('./components/patient-dialog')).PatientDialog,
}));
const ImportPatientsDialog = lazy(async () => ({
  default: (await import('./components/import-patients-dialog')).ImportPatientsDialog,
}));

const firstLimit = 10;
/** Short enough that the list follows the typing, long enough that a mobile typed in one go asks once. */
const searchDebounceMs = 250;

/**
 * `/dashboard/patients`: the clinic's registry, searched as one types by patient number,
 * digits of the mobile or the start of a name. From the search box ↑ and ↓ move through
 * the rows and Enter opens the one reached (the best match when none is), so the desk can
 * type four digits of a mobile and press Enter. Add patient opens the new patient's page;
 * Export CSV downloads the whole list and Import CSV adds a list from another system.
 * Likely duplicates opens the records that look like one patient, each pair with its Merge.
 */
export function PatientsPage() {
  const navigate = useNavigate();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const tableId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(firstLimit);
  const [active, setActive] = useState(-1);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const exporting = useExportPatients();
  const mayExport = useMay('clinicAdministration');

  const typed = search.trim();
  const settled = useDebounced(typed, searchDebounceMs);
  // An emptied box shows the whole list at once; only typing waits.
  const query = typed === '' ? '' : settled;
  const patients = usePatients({ query, page, limit });
  const rows = patients.data?.results ?? [];
  // Rows still answering an earlier search are not the ones Enter should open.
  const rowsAnswerTheSearch = query === typed && !patients.isPlaceholderData;
  const activePatient = rows[active];

  const open = (patient: PatientSummary | PatientRecord) => navigate(`${paths.patients}/${patient.id}`);
  const searchFor = (text: string) => {
    setSearch(text);
    setPage(0);
    setActive(-1);
  };
  const moveThroughRows = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => Math.min(Math.max(current + step, 0), rows.length - 1));
    } else if (event.key === 'Enter' && rowsAnswerTheSearch) {
      const chosen = activePatient ?? rows[0];
      if (chosen) open(chosen);
    }
  };

  const emptyText =
    query === '' ? (
      <>
        {words.empty}
        <Typography variant="body2" color="text.secondary">
          {words.emptyHint}
        </Typography>
      </>
    ) : (
      words.nothingFound(query)
    );

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' }, mb: 2 }}
      >
        <PageHeader title={words.title} description={words.description} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {/* The patient list as a file, out or in, is the owner's (issue 23). */}
          {mayExport ? (
            <>
              <Button
                startIcon={<FileDownloadIcon />}
                loading={exporting.isPending}
                onClick={() => exporting.mutate()}
              >
                {patientCsvWords.exportCsv}
              </Button>
              <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                {patientCsvWords.importCsv}
              </Button>
            </>
          ) : null}
          <Button component={RouterLink} to={paths.patientDuplicates} startIcon={<MergeIcon />}>
            {words.likelyDuplicates}
          </Button>
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            {words.addPatient}
          </Button>
        </Stack>
      </Stack>
      {exporting.isError ? (
        <ApiErrorAlert error={exporting.error} fallback={patientCsvWords.exportFailed} sx={{ mb: 2 }} />
      ) : null}
      <TextField
        label={words.search}
        type="search"
        fullWidth
        value={search}
        onChange={(event) => searchFor(event.target.value)}
        onKeyDown={moveThroughRows}
        helperText={words.searchHint}
        sx={{ mb: 2 }}
        slotProps={{
          htmlInput: {
            maxLength: 100,
            autoComplete: 'off',
            'aria-controls': tableId,
            'aria-activedescendant': activePatient ? patientRowId(tableId, activePatient) : undefined,
          },
        }}
      />
      {patients.isError ? (
        <LoadError
          error={patients.error}
          fallback={words.fetchFailed}
          retrying={patients.isFetching}
          onRetry={() => patients.refetch()}
        />
      ) : (
        <Paper variant="outlined">
          <PatientsTable
            id={tableId}
            patients={rows}
            loading={patients.isPending}
            compact={compact}
            active={active}
            emptyText={emptyText}
            onOpen={open}
          />
          <ListPagination
            total={patients.data?.pagination.total}
            totalCapped={patients.data?.pagination.total_capped}
            page={page}
            limit={limit}
            compact={compact}
            onPageChange={(next) => {
              setPage(next);
              setActive(-1);
            }}
            onLimitChange={setLimit}
          />
        </Paper>
      )}
      {adding ? (
        <Suspense fallback={null}>
          <PatientDialog patient={null} onClose={() => setAdding(false)} onSaved={open} />
        </Suspense>
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <ImportPatientsDialog onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
