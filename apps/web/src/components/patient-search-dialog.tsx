import Dialog from '@mui/material/Dialog';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { patientSearchTexts as texts } from '@vaidya/contract/dashboard-screens';
import { type PatientSummary, patientRegistryEndpoints } from '@vaidya/contract/patients';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi, retryOnceUnlessRefused } from '../lib/api-client';
import { patientPagePath } from '../lib/paths';
import { useDebounced } from '../lib/use-debounced';
import { ErrorAlert } from './error-alert';

/** As many as fit the dialog on a phone without scrolling; the Patients screen lists the rest. */
const bestMatches = 8;
const debounceMs = 250;

/**
 * The registry's best matches for what is typed, asked once typing pauses. Until the
 * answer for exactly the typed term has arrived there is nothing to pick, so Enter never
 * opens a patient found for an older term.
 */
function usePatientMatches(term: string) {
  const searchedTerm = useDebounced(term, debounceMs);
  const answer = useQuery({
    // Not under the registry's ['patients', 'list'] key: those entries are pages, these bare rows.
    queryKey: ['patients', 'search', searchedTerm],
    queryFn: async ({ signal }) =>
      (
        await callApi(patientRegistryEndpoints.list, {
          query: { query: searchedTerm, limit: bestMatches },
          signal,
        })
      ).data.results,
    enabled: searchedTerm !== '',
    retry: retryOnceUnlessRefused,
  });
  const settled = searchedTerm === term;
  return {
    matches: settled ? answer.data : undefined,
    error: settled && answer.isError ? answer.error : null,
  };
}

/**
 * A combobox over a list of patients: focus stays in the field, ↑ and ↓ move the
 * highlighted patient (`aria-activedescendant`), Enter or a click opens their page.
 * Its state starts afresh each time the dialog opens, as the dialog mounts it anew.
 */
function PatientSearchBox({ onOpened }: { onOpened: () => void }) {
  const navigate = useNavigate();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-${index}`;
  const [typed, setTyped] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const term = typed.trim();
  const { matches, error } = usePatientMatches(term);
  const offered = term === '' ? [] : (matches ?? []);

  const openPatient = (patient: PatientSummary) => {
    onOpened();
    navigate(patientPagePath(patient.id));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (offered.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((current) => (current + step + offered.length) % offered.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const patient = offered[highlighted];
      if (patient) openPatient(patient);
    }
  };

  let status: string | null = null;
  if (term === '') status = texts.typeToSearch;
  else if (!error && !matches) status = texts.searching;
  else if (matches?.length === 0) {
    status = /^\d{1,2}$/.test(term) ? texts.moreDigits(term) : texts.nothingFound(term);
  }

  return (
    <>
      <TextField
        autoFocus
        fullWidth
        label={texts.field}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setHighlighted(0);
        }}
        onKeyDown={onKeyDown}
        autoComplete="off"
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': offered.length > 0,
            'aria-controls': listboxId,
            'aria-activedescendant': offered.length > 0 ? optionId(highlighted) : undefined,
          },
        }}
      />
      {error ? <ErrorAlert error={error} sx={{ mt: 2 }} /> : null}
      {status ? (
        <Typography role="status" color="text.secondary" sx={{ mt: 2 }}>
          {status}
        </Typography>
      ) : null}
      <List
        id={listboxId}
        role="listbox"
        aria-label={texts.matches}
        sx={{ mt: 1 }}
        hidden={offered.length === 0}
      >
        {offered.map((patient, index) => (
          <ListItemButton
            key={patient.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            selected={index === highlighted}
            tabIndex={-1}
            onMouseMove={() => setHighlighted(index)}
            onClick={() => openPatient(patient)}
            sx={{ borderRadius: 1 }}
          >
            <ListItemText
              primary={patient.name}
              secondary={texts.detail(patient.patient_number, patient.mobile)}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </>
  );
}

/**
 * The shell's patient search, near the top of the screen as a command palette is;
 * Escape or a click outside closes it and focus returns where it was.
 * Loaded only when first opened (`PatientSearch`), so the dashboard's first load does not carry it.
 */
export function PatientSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { 'aria-label': texts.open, sx: { p: 2, m: 2, width: 'calc(100% - 32px)' } } }}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <PatientSearchBox onOpened={onClose} />
    </Dialog>
  );
}
