import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { patientCsvWords as words } from '@vaidya/contract/patient-screens';
import {
  type ImportPatientsResult,
  maxImportCsvLength,
  patientImportMessages,
} from '@vaidya/contract/patients';
import { type ChangeEvent, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { useImportPatients } from '../api/patient-csv-api';

/** The rows a file could not add, and why: errors naming the field, and patients already there. */
function ProblemRows({ result }: { result: ImportPatientsResult }) {
  const problems = result.rows.filter((row) => row.status !== 'ok');
  if (problems.length === 0) return null;
  const shown = problems.slice(0, words.shownProblems);
  return (
    <>
      <Table size="small" aria-label={words.problemsLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{words.headers.line}</TableCell>
            <TableCell>{words.headers.name}</TableCell>
            <TableCell>{words.headers.problem}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.name}</TableCell>
              <TableCell sx={{ color: row.status === 'error' ? 'error.main' : 'text.secondary' }}>
                {row.message}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {problems.length > shown.length ? (
        <Typography variant="body2" color="text.secondary">
          {words.moreProblems(problems.length - shown.length)}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * Import CSV: the chosen file is checked by the server at once (a dry run, nothing saved) and
 * each row it would not add is shown with its reason; Import then saves the good rows in one
 * go. Importing the same file again adds nobody, as every patient is already there.
 */
export function ImportPatientsDialog({ onClose }: { onClose: () => void }) {
  const importing = useImportPatients();
  const [csv, setCsv] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [result, setResult] = useState<ImportPatientsResult | null>(null);
  const [imported, setImported] = useState<string | null>(null);

  const check = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await file.text();
    setResult(null);
    setImported(null);
    importing.reset();
    setTooLarge(text.length > maxImportCsvLength);
    if (text.length > maxImportCsvLength) return;
    setCsv(text);
    importing.mutate({ csv: text, dryRun: true }, { onSuccess: (answer) => setResult(answer.data) });
  };
  const importFile = () => {
    if (csv === null) return;
    importing.mutate(
      { csv, dryRun: false },
      {
        onSuccess: (answer) => {
          setResult(answer.data);
          setImported(answer.message ?? null);
        },
      },
    );
  };

  return (
    <ActionDialog
      wide
      title={words.importTitle}
      working={importing.isPending}
      error={importing.error}
      errorFallback={words.checkFailed}
      cancelLabel={words.close}
      action={{
        label: words.importAction,
        onClick: importFile,
        disabled: !result?.dryRun || result.added === 0,
      }}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {words.importHint}
        </Typography>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={importing.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {words.chooseFile}
          <input type="file" accept=".csv,text/csv" hidden onChange={check} />
        </Button>
        {tooLarge ? <Alert severity="error">{patientImportMessages.tooLarge}</Alert> : null}
        {imported ? <Alert severity="success">{imported}</Alert> : null}
        {result?.dryRun ? (
          <Typography role="status">{words.preview(result.added, result.skipped, result.errors)}</Typography>
        ) : null}
        {result ? <ProblemRows result={result} /> : null}
      </Stack>
    </ActionDialog>
  );
}
