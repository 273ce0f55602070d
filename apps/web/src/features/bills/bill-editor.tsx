import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ComputedBillLine, toPaise } from '@vaidya/contract/bill-arithmetic';
import { billMessages } from '@vaidya/contract/bills';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import { indianMobileSchema } from '@vaidya/contract/mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { EditorSection } from '../../components/editor-section';
import { SearchPicker } from '../../components/search-picker';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { masterSearches } from '../../lib/master-searches';
import { mobileInputAttributes, typedMobile } from '../../lib/mobile-input';
import { formatRupees } from '../../lib/money';
import { useSaveBill } from './api/bill-editor-api';
import { usePendingAmount } from './api/bills-api';
import {
  amountDuePaise,
  type BillDraft,
  bodyOfDraft,
  checkBill,
  type DraftLine,
  type FieldErrors,
  lineOfProduct,
  lineOfTreatment,
  paidText,
  totalsOf,
} from './bill-draft';
import { PaymentModeField } from './components/payment-mode-field';

const searchTreatments = async (term: string, signal: AbortSignal) =>
  (await masterSearches.treatments(term, signal)).map(lineOfTreatment);
const searchProducts = async (term: string, signal: AbortSignal) =>
  (await masterSearches.products(term, signal)).map(lineOfProduct);
const treatmentSearchKey = ['bill-picker', 'treatments'];
const productSearchKey = ['bill-picker', 'products'];

const rupees = (paise: number) => formatRupees(paise / 100);
/** The fields shown beside their own input; every other refusal is listed above the save button. */
const ownFields = new Set(['customerName', 'customerMobile', 'discount', 'amountPaid']);

export interface BillTarget {
  /** The saved bill being edited; null writes a new one. */
  billId: string | null;
  slotId: string | null;
  locationId: string | null;
}

/**
 * The bill: the patient, lines picked from the treatment and medicine masters, the
 * discount, and the payment. The totals are the contract's arithmetic on what is typed,
 * in paise. With a valid mobile the patient's earlier balance at the location shows, and
 * may be collected with this bill. Saving checks the bill with the contract first, then
 * opens its preview; until then, leaving asks first.
 */
export function BillEditor({ initial, target }: { initial: BillDraft; target: BillTarget }) {
  const navigate = useNavigate();
  const save = useSaveBill();
  const [start] = useState(initial);
  const [draft, setDraft] = useState(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedId, setSavedId] = useState<string | null>(null);
  const update = (change: Partial<BillDraft>) => setDraft((current) => ({ ...current, ...change }));
  const changeLine = (key: string, values: Partial<DraftLine>) =>
    update({ lines: draft.lines.map((line) => (line.key === key ? { ...line, ...values } : line)) });

  useEffect(() => {
    if (savedId) navigate(`/bill-preview/${savedId}`);
  }, [savedId, navigate]);

  const mobile = indianMobileSchema.safeParse(draft.customerMobile);
  const pending = usePendingAmount(target.locationId, mobile.success ? mobile.data : null);
  // This bill's own balance is not "earlier": editing, it is left out of the patient's total.
  const ownBalance = pending.data?.bills.find((bill) => bill.id === target.billId)?.balance ?? 0;
  const earlierPaise =
    mobile.success && pending.data
      ? Math.max(toPaise(pending.data.totalBalance) - toPaise(ownBalance), 0)
      : 0;
  const totals = totalsOf(draft);
  const duePaise = amountDuePaise(draft, earlierPaise);
  const paid = paidText(draft, earlierPaise);
  const paidNumber = Number(paid);
  const balancePaise = Number.isFinite(paidNumber) ? duePaise - toPaise(paidNumber) : null;

  const pick = (kind: 'treatmentId' | 'productId') => (picked: DraftLine[]) => {
    const pickedKeys = new Set(picked.map((line) => line.key));
    const kept = draft.lines.filter((line) => !line[kind] || pickedKeys.has(line.key));
    const keptKeys = new Set(kept.map((line) => line.key));
    update({ lines: [...kept, ...picked.filter((line) => !keptKeys.has(line.key))] });
  };

  const submit = () => {
    const body = bodyOfDraft(draft, target, earlierPaise);
    const refused = checkBill(body, draft, earlierPaise);
    setErrors(refused ?? {});
    if (refused) return;
    save.mutate(
      { id: target.billId, body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? (target.billId ? billMessages.updated : billMessages.added));
          setSavedId(answer.data.id);
        },
      },
    );
  };

  const otherErrors = Object.entries(errors).filter(
    ([field]) => !ownFields.has(field) && !/^items\.\d+\.(quantity|unitPrice|taxPercentage)$/.test(field),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack spacing={2}>
        <EditorSection title={words.sections.patient}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={words.patientName}
              required
              value={draft.customerName}
              onChange={(event) => update({ customerName: event.target.value })}
              error={Boolean(errors.customerName)}
              helperText={errors.customerName}
            />
            <TextField
              label={words.mobile}
              required
              type="tel"
              value={draft.customerMobile}
              onChange={(event) => update({ customerMobile: typedMobile(event.target.value) })}
              error={Boolean(errors.customerMobile)}
              helperText={errors.customerMobile}
              slotProps={{ htmlInput: mobileInputAttributes }}
            />
          </Box>
        </EditorSection>

        <EditorSection title={words.sections.items}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
            <SearchPicker
              label={words.addTreatment}
              value={draft.lines.filter((line) => line.treatmentId)}
              onChange={pick('treatmentId')}
              search={searchTreatments}
              searchKey={treatmentSearchKey}
              itemLabel={(line) => line.name}
              itemKey={(line) => line.key}
              itemDetail={(line) => formatRupees(Number(line.unitPrice))}
              showPicked={false}
            />
            <SearchPicker
              label={words.addMedicine}
              value={draft.lines.filter((line) => line.productId)}
              onChange={pick('productId')}
              search={searchProducts}
              searchKey={productSearchKey}
              itemLabel={(line) => line.name}
              itemKey={(line) => line.key}
              itemDetail={(line) => formatRupees(Number(line.unitPrice))}
              showPicked={false}
            />
          </Box>
          {draft.lines.length === 0 ? (
            <Typography color="text.secondary">{words.noItems}</Typography>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {draft.lines.map((line, index) => (
                <LineRow
                  key={line.key}
                  line={line}
                  figures={totals.lines[index]}
                  errors={errors}
                  index={index}
                  onChange={(values) => changeLine(line.key, values)}
                  onRemove={() => update({ lines: draft.lines.filter((other) => other.key !== line.key) })}
                />
              ))}
            </Stack>
          )}
        </EditorSection>

        <EditorSection title={words.sections.payment}>
          <Stack spacing={2}>
            <TextField
              label={words.discount}
              inputMode="decimal"
              value={draft.discount}
              onChange={(event) => update({ discount: event.target.value })}
              error={Boolean(errors.discount)}
              helperText={errors.discount}
              sx={{ maxWidth: { sm: 240 } }}
            />
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, m: 0, maxWidth: 360 }}
            >
              <Figure label={words.subtotal} value={rupees(totals.subtotalPaise)} />
              <Figure label={words.discountLine} value={rupees(totals.discountPaise)} />
              <Figure label={words.tax} value={rupees(totals.taxPaise)} />
              <Figure label={words.total} value={rupees(totals.finalPaise)} strong />
            </Box>
            {earlierPaise > 0 ? (
              <Box>
                <Typography>{words.earlierBalance(rupees(earlierPaise))}</Typography>
                <FormControlLabel
                  control={
                    <Switch
                      checked={draft.collectEarlier}
                      onChange={(event) => update({ collectEarlier: event.target.checked })}
                    />
                  }
                  label={words.collectEarlier}
                />
              </Box>
            ) : null}
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, m: 0, maxWidth: 360 }}
            >
              <Figure label={words.amountDue} value={rupees(duePaise)} strong />
            </Box>
            <TextField
              label={words.amountPaid}
              inputMode="decimal"
              value={paid}
              onChange={(event) => update({ amountPaid: event.target.value })}
              error={Boolean(errors.amountPaid)}
              helperText={
                errors.amountPaid ??
                (balancePaise === null ? undefined : `${words.balanceAfter}: ${rupees(balancePaise)}`)
              }
              sx={{ maxWidth: { sm: 240 } }}
            />
            <PaymentModeField value={draft.paymentMode} onChange={(paymentMode) => update({ paymentMode })} />
          </Stack>
        </EditorSection>

        {otherErrors.length > 0 ? (
          <Alert severity="error">
            {words.fixErrors}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {otherErrors.map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
        {save.error ? <ApiErrorAlert error={save.error} fallback={words.saveFailed} /> : null}
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            py: 1.5,
            bgcolor: 'background.default',
            display: 'flex',
            justifyContent: 'flex-end',
          }}
        >
          <Button type="submit" variant="contained" size="large" loading={save.isPending}>
            {words.save}
          </Button>
        </Box>
      </Stack>
      <UnsavedChangesGuard unsaved={draft !== start && savedId === null} />
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
 * One line: on phones the name and remove button over the three numbers, then the line's
 * tax and amount, the figures the printed bill shows for it.
 */
function LineRow({
  line,
  figures,
  errors,
  index,
  onChange,
  onRemove,
}: {
  line: DraftLine;
  figures: ComputedBillLine | undefined;
  errors: FieldErrors;
  index: number;
  onChange: (values: Partial<DraftLine>) => void;
  onRemove: () => void;
}) {
  const error = (field: string) => errors[`items.${index}.${field}`];
  const number = (field: 'quantity' | 'unitPrice' | 'taxPercentage', label: string, decimal: boolean) => (
    <TextField
      size="small"
      label={label}
      value={line[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={Boolean(error(field))}
      helperText={error(field)}
      sx={{ gridArea: field }}
      slotProps={{ htmlInput: { inputMode: decimal ? 'decimal' : 'numeric' } }}
    />
  );
  return (
    <Box
      component="li"
      aria-label={line.name}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        gridTemplateColumns: { xs: '1fr 1fr 1fr auto', md: 'minmax(160px, 2fr) 90px 140px 90px 170px auto' },
        gridTemplateAreas: {
          xs: `"name name name remove" "quantity unitPrice taxPercentage taxPercentage" "figures figures figures figures"`,
          md: `"name quantity unitPrice taxPercentage figures remove"`,
        },
      }}
    >
      <Typography sx={{ gridArea: 'name', fontWeight: 500, overflowWrap: 'anywhere' }}>
        {line.name}
      </Typography>
      {number('quantity', words.item.quantity, false)}
      {number('unitPrice', words.item.unitPrice, true)}
      {number('taxPercentage', words.item.tax, true)}
      <Box
        sx={{
          gridArea: 'figures',
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          alignItems: { xs: 'baseline', md: 'flex-end' },
          columnGap: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {words.item.taxFigure(rupees(figures?.taxPaise ?? 0))}
        </Typography>
        <Typography>{words.item.amountFigure(rupees(figures?.amountPaise ?? 0))}</Typography>
      </Box>
      <IconButton aria-label={words.item.remove(line.name)} onClick={onRemove} sx={{ gridArea: 'remove' }}>
        <DeleteOutlinedIcon />
      </IconButton>
    </Box>
  );
}
