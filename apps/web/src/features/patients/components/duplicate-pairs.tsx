import MergeIcon from '@mui/icons-material/MergeType';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DuplicatePair } from '@vaidya/contract/patient-merge';
import { patientMergeWords as words } from '@vaidya/contract/patient-merge-screens';
import { patientPageWords, patientsScreenWords } from '@vaidya/contract/patient-screens';
import type { PatientSummary } from '@vaidya/contract/patients';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../lib/paths';
import { useDuplicates } from '../api/patient-merge-api';
import { ageSexOf, lastVisitOf } from '../patient-format';

const MergePatientsDialog = lazy(async () => ({
  default: (await import('./merge-patients-dialog')).MergePatientsDialog,
}));

/** One record of a pair: its name leading to its page, and what tells it apart. */
function PairRecord({ patient }: { patient: PatientSummary }) {
  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Link component={RouterLink} to={`${paths.patients}/${patient.id}`} sx={{ fontWeight: 700 }}>
        {patient.name}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {words.recordLine(
          patientPageWords.numberLabel(patient.patient_number),
          patient.mobile,
          ageSexOf(patient),
        )}
      </Typography>
      {patient.last_visit_date ? (
        <Typography variant="body2" color="text.secondary">
          {patientsScreenWords.lastVisitOn(lastVisitOf(patient))}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The Patients screen's likely duplicates: each pair side by side (one under the other on a
 * phone) with why it looks like one patient and its Merge, which asks which record to keep.
 * After a merge the list is asked for again and says what was merged.
 */
export function DuplicatePairs({ compact }: { compact: boolean }) {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  const [merged, setMerged] = useState<string | null>(null);
  const duplicates = useDuplicates({ page, limit });

  let list: ReactNode;
  if (duplicates.isError) {
    list = (
      <LoadError
        error={duplicates.error}
        fallback={words.duplicatesFetchFailed}
        retrying={duplicates.isFetching}
        onRetry={() => duplicates.refetch()}
      />
    );
  } else if (duplicates.isPending) {
    list = <Skeleton variant="rounded" height={96} aria-label={words.loadingDuplicates} />;
  } else if (duplicates.data.results.length === 0) {
    list = (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">{words.duplicatesEmpty}</Typography>
      </Paper>
    );
  } else {
    list = (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {duplicates.data.results.map((pair) => {
          const [first, second] = pair.patients;
          return (
            <Paper
              component="li"
              variant="outlined"
              key={`${first.id}-${second.id}`}
              aria-label={words.pairLabel(first.name, second.name)}
              sx={{ p: 2 }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <PairRecord patient={first} />
                <PairRecord patient={second} />
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                >
                  <Chip size="small" label={words.reasons[pair.reason]} />
                  <Button variant="outlined" startIcon={<MergeIcon />} onClick={() => setMerging(pair)}>
                    {words.merge}
                  </Button>
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <>
      {merged ? (
        <Alert severity="success" role="status" onClose={() => setMerged(null)} sx={{ mb: 2 }}>
          {merged}
        </Alert>
      ) : null}
      {list}
      <ListPagination
        total={duplicates.data?.pagination.total}
        page={page}
        limit={limit}
        compact={compact}
        onPageChange={setPage}
        onLimitChange={setLimit}
      />
      {merging ? (
        <Suspense fallback={null}>
          <MergePatientsDialog
            patient={merging.patients[0]}
            other={merging.patients[1]}
            onClose={() => setMerging(null)}
            onMerged={(kept, mergedRecord) => {
              setMerging(null);
              setMerged(patientPageWords.mergedNotice(mergedRecord.name, kept.name));
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
