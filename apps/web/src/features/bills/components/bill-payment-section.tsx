import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ComputedBill, toPaise } from '@vaidya/contract/bill-arithmetic';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import type { ReactNode } from 'react';
import type { FieldErrors } from '../../../components/documents/document-editor';
import { EditorSection } from '../../../components/editor-section';
import { PaymentModeField } from '../../../components/payment-mode-field';
import { amountDuePaise, type BillDraft, formatPaise, paidText } from '../bill-draft';

/** A list of figures, their labels on the left and amounts on the right. */
function Figures({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, m: 0, maxWidth: 360 }}
    >
      {children}
    </Box>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? 700 : undefined;
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: weight }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: weight }}>
        {value}
      </Typography>
    </>
  );
}

/**
 * The discount and the payment: the bill's totals, the patient's earlier balance (which may
 * be collected with this bill), what is due, what is paid (the amount due until typed over,
 * with the balance it leaves) and how.
 */
export function BillPaymentSection({
  draft,
  totals,
  earlierPaise,
  errors,
  onChange,
}: {
  draft: BillDraft;
  totals: ComputedBill;
  earlierPaise: number;
  errors: FieldErrors;
  onChange: (change: Partial<BillDraft>) => void;
}) {
  const duePaise = amountDuePaise(draft, earlierPaise);
  const paid = paidText(draft, earlierPaise);
  const paidNumber = Number(paid);
  const balancePaise = Number.isFinite(paidNumber) ? duePaise - toPaise(paidNumber) : null;
  return (
    <EditorSection title={words.sections.payment}>
      <Stack spacing={2}>
        <TextField
          label={words.discount}
          inputMode="decimal"
          value={draft.discount}
          onChange={(event) => onChange({ discount: event.target.value })}
          error={Boolean(errors.discount)}
          helperText={errors.discount}
          sx={{ maxWidth: { sm: 240 } }}
        />
        <Figures>
          <Figure label={words.subtotal} value={formatPaise(totals.subtotalPaise)} />
          <Figure label={words.discountLine} value={formatPaise(totals.discountPaise)} />
          <Figure label={words.tax} value={formatPaise(totals.taxPaise)} />
          <Figure label={words.total} value={formatPaise(totals.finalPaise)} strong />
        </Figures>
        {earlierPaise > 0 ? (
          <Box>
            <Typography>{words.earlierBalance(formatPaise(earlierPaise))}</Typography>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.collectEarlier}
                  onChange={(event) => onChange({ collectEarlier: event.target.checked })}
                />
              }
              label={words.collectEarlier}
            />
          </Box>
        ) : null}
        <Figures>
          <Figure label={words.amountDue} value={formatPaise(duePaise)} strong />
        </Figures>
        <TextField
          label={words.amountPaid}
          inputMode="decimal"
          value={paid}
          onChange={(event) => onChange({ amountPaid: event.target.value })}
          error={Boolean(errors.amountPaid)}
          helperText={
            errors.amountPaid ??
            (balancePaise === null ? undefined : `${words.balanceAfter}: ${formatPaise(balancePaise)}`)
          }
          sx={{ maxWidth: { sm: 240 } }}
        />
        <PaymentModeField value={draft.paymentMode} onChange={(paymentMode) => onChange({ paymentMode })} />
      </Stack>
    </EditorSection>
  );
}
