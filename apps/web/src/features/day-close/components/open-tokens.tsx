import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import type { OpenToken } from '@vaidya/contract/day-close';
import { dayCloseScreenWords } from '@vaidya/contract/day-close-screens';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type TokenOutcome, useSettleToken } from '../api/day-close-api';

const words = dayCloseScreenWords.tokens;

/** The outcomes a click settles at once; cancelling asks first. */
const directOutcomes = [
  { outcome: 'completed', label: words.complete, named: words.completeNamed },
  { outcome: 'noShow', label: words.noShow, named: words.noShowNamed },
] as const satisfies readonly { outcome: TokenOutcome; label: string; named: (patient: string) => string }[];

/**
 * The day's tokens still open, each on a line of its own (a phone keeps its buttons beside
 * the patient): Completed, No-show, or Cancel after asking, as a cancelled booking is gone
 * for good. A refused change (another desk was first) shows why; the list is asked for again.
 */
export function OpenTokens({ tokens }: { tokens: OpenToken[] }) {
  const settle = useSettleToken();
  const [cancelling, setCancelling] = useState<OpenToken | null>(null);
  const settleToken = (token: OpenToken, outcome: TokenOutcome, onSuccess?: () => void) =>
    settle.mutate({ slotId: token.slot_id, arrived: token.status !== 'booked', outcome }, { onSuccess });
  const busy = (token: OpenToken) => settle.isPending && settle.variables?.slotId === token.slot_id;

  if (tokens.length === 0) {
    return <Typography color="text.secondary">{words.none}</Typography>;
  }
  return (
    <Stack spacing={1}>
      {settle.isError && !cancelling ? (
        <ApiErrorAlert error={settle.error} fallback={words.moveFailed} />
      ) : null}
      <Stack component="ul" aria-label={words.listName} spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {tokens.map((token) => (
          <Stack
            component="li"
            key={token.slot_id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{
              alignItems: { sm: 'center' },
              justifyContent: 'space-between',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1,
            }}
          >
            <Stack sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {words.token(token.token_number)} · {timeOfDayEnIn(token.start_time)}
                </Typography>
                <Chip size="small" label={words.statuses[token.status]} />
              </Stack>
              <Typography>{token.patient_name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {token.mobile} · {token.queue_name}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
              {directOutcomes.map(({ outcome, label, named }) => (
                <Button
                  key={outcome}
                  size="small"
                  variant="outlined"
                  aria-label={named(token.patient_name)}
                  disabled={settle.isPending}
                  loading={busy(token) && settle.variables?.outcome === outcome}
                  onClick={() => settleToken(token, outcome)}
                >
                  {label}
                </Button>
              ))}
              <Button
                size="small"
                color="error"
                aria-label={words.cancelNamed(token.patient_name)}
                disabled={settle.isPending}
                onClick={() => {
                  settle.reset();
                  setCancelling(token);
                }}
              >
                {words.cancel}
              </Button>
            </Stack>
          </Stack>
        ))}
      </Stack>
      {cancelling ? (
        <ConfirmDialog
          open
          title={words.cancelTitle}
          body={words.cancelText(
            cancelling.patient_name,
            cancelling.token_number,
            timeOfDayEnIn(cancelling.start_time),
          )}
          working={settle.isPending}
          error={settle.error}
          errorFallback={words.cancelFailed}
          cancelLabel={words.keepBooking}
          confirmLabel={words.confirmCancel}
          onCancel={() => {
            settle.reset();
            setCancelling(null);
          }}
          onConfirm={() => settleToken(cancelling, 'cancelled', () => setCancelling(null))}
        />
      ) : null}
    </Stack>
  );
}
