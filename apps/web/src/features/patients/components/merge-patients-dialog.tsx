import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { patientMergeWords as words } from '@vaidya/contract/patient-merge-screens';
import { patientPageWords, patientsScreenWords } from '@vaidya/contract/patient-screens';
import type { PatientRecord, PatientSummary } from '@vaidya/contract/patients';
import { useId, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { LoadError } from '../../../components/load-error';
import { useDebounced } from '../../../lib/use-debounced';
import { useDuplicates, useMergePatients } from '../api/patient-merge-api';
import { usePatients } from '../api/patients-api';
import { ageSexOf } from '../patient-format';

/** "No. 12 · 9822012345 · 34 F": what tells two records of one name apart. */
const recordLine = (patient: PatientSummary) =>
  words.recordLine(patientPageWords.numberLabel(patient.patient_number), patient.mobile, ageSexOf(patient));

/** Patients to pick from, each a button, in their list's loading, error and empty states. */
function Candidates({
  label,
  query,
  candidates,
  empty,
  onPick,
}: {
  label: string;
  query: UseQueryResult<unknown, unknown>;
  candidates: PatientSummary[];
  empty: string;
  onPick: (patient: PatientSummary) => void;
}) {
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        fallback={patientsScreenWords.fetchFailed}
        retrying={query.isFetching}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (query.isPending) return <Skeleton height={48} aria-label={patientsScreenWords.loading} />;
  if (candidates.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List dense aria-label={label} disablePadding>
      {candidates.map((candidate) => (
        <ListItemButton key={candidate.id} onClick={() => onPick(candidate)}>
          <ListItemText primary={candidate.name} secondary={recordLine(candidate)} />
        </ListItemButton>
      ))}
    </List>
  );
}

/** The patients a search finds, but this one. */
function Found({
  query,
  patient,
  onPick,
}: {
  query: string;
  patient: PatientSummary;
  onPick: (other: PatientSummary) => void;
}) {
  const found = usePatients({ query, page: 0, limit: 10 });
  return (
    <Candidates
      label={words.searchOthers}
      query={found}
      candidates={(found.data?.results ?? []).filter((candidate) => candidate.id !== patient.id)}
      empty={words.nothingFound(query)}
      onPick={onPick}
    />
  );
}

/** The other record: this patient's likely duplicates first, or any patient found by a search. */
function PickOther({
  patient,
  onPick,
}: {
  patient: PatientSummary;
  onPick: (other: PatientSummary) => void;
}) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const duplicates = useDuplicates({ patientId: patient.id, page: 0, limit: 20 });
  const others = duplicates.data?.results
    .flatMap((pair) => pair.patients)
    .filter((candidate) => candidate.id !== patient.id);
  return (
    <Stack spacing={2}>
      <DialogContentText>{words.pickPrompt(patient.name)}</DialogContentText>
      <Typography variant="subtitle2" component="h3">
        {words.ofThisPatient}
      </Typography>
      <Candidates
        label={words.ofThisPatient}
        query={duplicates}
        candidates={others ?? []}
        empty={words.noLikelyDuplicates}
        onPick={onPick}
      />
      <TextField
        label={words.searchOthers}
        type="search"
        fullWidth
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
      />
      {query ? <Found query={query} patient={patient} onPick={onPick} /> : null}
    </Stack>
  );
}

/**
 * Merges two records of one patient: the other record is picked (unless the duplicates list
 * named it), then the one kept, and the dialog says what happens to both before anything
 * moves. A choice, not a form of typed fields: plain state, as `ConfirmDialog` keeps.
 */
export function MergePatientsDialog({
  patient,
  other: named,
  onClose,
  onMerged,
}: {
  patient: PatientSummary;
  /** The other record, when the list of duplicates named it; absent, the dialog asks. */
  other?: PatientSummary;
  onClose: () => void;
  onMerged: (kept: PatientRecord, merged: PatientSummary) => void;
}) {
  const keepGroup = useId();
  const [other, setOther] = useState<PatientSummary | undefined>(named);
  const [keepId, setKeepId] = useState(patient.id);
  const merging = useMergePatients();

  const pair = other ? [patient, other] : [];
  const kept = pair.find((record) => record.id === keepId);
  const merged = pair.find((record) => record.id !== keepId);

  const mergeNow = () => {
    if (!kept || !merged) return;
    merging.mutate(
      { keepId: kept.id, mergeId: merged.id },
      { onSuccess: ({ data }) => onMerged(data, merged) },
    );
  };

  return (
    <ActionDialog
      wide
      title={words.dialogTitle}
      working={merging.isPending}
      error={merging.error}
      errorFallback={words.failed}
      cancelLabel={words.cancel}
      action={{ label: words.merge, destructive: true, disabled: !other, onClick: mergeNow }}
      onClose={onClose}
    >
      {!other ? (
        <PickOther patient={patient} onPick={setOther} />
      ) : (
        <Stack spacing={2}>
          <Typography id={keepGroup} variant="subtitle2" component="h3">
            {words.keepPrompt}
          </Typography>
          <RadioGroup
            aria-labelledby={keepGroup}
            value={keepId}
            onChange={(event) => setKeepId(event.target.value)}
          >
            {pair.map((record) => (
              <FormControlLabel
                key={record.id}
                value={record.id}
                disabled={merging.isPending}
                control={<Radio />}
                label={<ListItemText primary={record.name} secondary={recordLine(record)} />}
              />
            ))}
          </RadioGroup>
          {kept && merged ? (
            <Alert severity="warning" role="note">
              {words.whatHappens(kept.name, merged.name)}
            </Alert>
          ) : null}
          {named ? null : (
            <Button
              onClick={() => setOther(undefined)}
              disabled={merging.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              {words.chooseAnother}
            </Button>
          )}
        </Stack>
      )}
    </ActionDialog>
  );
}
