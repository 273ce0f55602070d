import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toPaise, toRupees } from '@vaidya/contract/bill-arithmetic';
import { closeDayBody, type DaySummary, dayCloseMessages } from '@vaidya/contract/day-close';
import { dayCloseScreenWords } from '@vaidya/contract/day-close-screens';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ApiError } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/money';
import { useCloseDay } from '../api/day-close-api';
import { cashDifferenceSaid } from '../cash-difference';

const words = dayCloseScreenWords.close;

/** The cash received on the day: what the drawer should hold. */
export const cashOf = (summary: DaySummary) =>
  summary.collections.find((collection) => collection.mode === 'cash')?.amount ?? 0;

/** A typed amount as rupees; a blank field is no number. */
const typedRupees = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/**
 * What is typed, checked by the contract's rules in their words, and the server's own rule
 * ahead of it: a count that differs from the cash received needs a note.
 */
function closeForm(cashExpected: number) {
  return z
    .object({
      cashCounted: z.string().transform(typedRupees).pipe(closeDayBody.shape.cashCounted),
      note: z
        .string()
        .transform((typed) => typed.trim() || undefined)
        .pipe(closeDayBody.shape.note),
    })
    .refine(({ cashCounted, note }) => toPaise(cashCounted) === toPaise(cashExpected) || note !== undefined, {
      path: ['note'],
      message: dayCloseMessages.noteRequired,
    });
}

/** Counted minus received, in rupees, once the count is an amount; null while it is not. */
function differenceOf(typed: string, cashExpected: number): number | null {
  const counted = closeDayBody.shape.cashCounted.safeParse(typedRupees(typed));
  return counted.success ? toRupees(toPaise(counted.data) - toPaise(cashExpected)) : null;
}

function DifferenceLine({ difference }: { difference: number | null }) {
  if (difference === null) return null;
  return (
    <Typography
      role="status"
      sx={{ fontWeight: 700 }}
      color={difference === 0 ? 'success.main' : 'warning.dark'}
    >
      {words.difference}: {cashDifferenceSaid(difference)}
    </Typography>
  );
}

/** The server names the field it refused: `{ message: "note: <reason>", code: "VALIDATION_FAILED" }`. */
function refusedNote(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  return /^note: (.+)$/.exec(error.message)?.[1] ?? null;
}

/** What is wrong with each field, in the contract's words. */
type FieldErrors = Partial<Record<'cashCounted' | 'note', string>>;

function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === 'cashCounted' || field === 'note') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The cash counted against the cash received, the difference shown as it is typed, the note a
 * difference needs, and Close day. `blockedBy` says why the day cannot be closed yet (tokens
 * still open, a day still to come): the button waits, with the reason under it. Two fields held
 * in state and checked with the contract's schema on sending (then on every change), without
 * react-hook-form: its 14 kB would put the page past its weight budget.
 */
export function CloseDayForm({
  summary,
  blockedBy,
  onRefused,
}: {
  summary: DaySummary;
  blockedBy: string | null;
  /** The server refused for a reason of the day's own (a token opened meanwhile): the day is asked for again. */
  onRefused: () => void;
}) {
  const cashExpected = cashOf(summary);
  const close = useCloseDay();
  const [typed, setTyped] = useState({ cashCounted: '', note: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const countField = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLInputElement>(null);

  const change = (field: keyof typeof typed, value: string) => {
    const next = { ...typed, [field]: value };
    setTyped(next);
    if (sent) {
      const checked = closeForm(cashExpected).safeParse(next);
      setErrors(checked.success ? {} : fieldErrorsOf(checked.error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
    const checked = closeForm(cashExpected).safeParse(typed);
    if (!checked.success) {
      const found = fieldErrorsOf(checked.error);
      setErrors(found);
      (found.cashCounted ? countField : noteField).current?.focus();
      return;
    }
    setErrors({});
    close.mutate(
      { date: summary.date, locationId: summary.location_id, ...checked.data },
      {
        onSuccess: () => toast.success(words.closed),
        onError: (error) => {
          const reason = refusedNote(error);
          if (reason) {
            setErrors({ note: reason });
            noteField.current?.focus();
          } else if (error instanceof ApiError && error.status === 409) onRefused();
        },
      },
    );
  };
  const shownError = close.isError && !refusedNote(close.error) ? close.error : null;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography>
        {words.cashExpected}: <strong>{formatRupees(cashExpected)}</strong>
      </Typography>
      <TextField
        label={words.cashCounted}
        name="cashCounted"
        value={typed.cashCounted}
        onChange={(event) => change('cashCounted', event.target.value)}
        inputRef={countField}
        error={Boolean(errors.cashCounted)}
        helperText={errors.cashCounted ?? words.cashCountedHelp}
        required
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        sx={{ maxWidth: { sm: 280 } }}
      />
      <DifferenceLine difference={differenceOf(typed.cashCounted, cashExpected)} />
      <TextField
        label={words.note}
        name="note"
        value={typed.note}
        onChange={(event) => change('note', event.target.value)}
        inputRef={noteField}
        error={Boolean(errors.note)}
        helperText={errors.note ?? words.noteHelp}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {shownError ? <ApiErrorAlert error={shownError} fallback={words.closeFailed} /> : null}
      <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={blockedBy !== null}
          loading={close.isPending}
        >
          {words.submit}
        </Button>
        {blockedBy ? <Alert severity="info">{blockedBy}</Alert> : null}
      </Stack>
    </Stack>
  );
}
