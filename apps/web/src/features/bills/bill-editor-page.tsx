import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import type { Bill } from '@vaidya/contract/bills';
import { billCorrectionTexts, billEditorWords as words } from '@vaidya/contract/bills-screens';
import { type Patient, patientSchema } from '@vaidya/contract/bookings';
import type { ConsultationForm } from '@vaidya/contract/consultation-forms';
import { permissions } from '@vaidya/contract/roles';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DocumentEditorPage, editorStartQuery } from '../../components/documents/document-editor-page';
import { useClinic, useClinicToday } from '../../lib/clinic-context';
import { fetchBill } from '../../lib/fetch-bill';
import { masterSearches } from '../../lib/master-searches';
import { useMay } from '../../lib/partner-details-query';
import { fetchBillOfSlot, fetchConsultationOfSlot } from './api/bill-editor-api';
import {
  type BillDraft,
  type DraftLine,
  draftOfBill,
  emptyBillDraft,
  lineOfProduct,
  lineOfTreatment,
} from './bill-draft';
import { BillEditor, type BilledPatient } from './bill-editor';

const prefillSchema = patientSchema.pick({ id: true, name: true, mobile: true });

/** The patient the bookings screen or the patient page handed over (`BookingHandover`); after a reload the prescription's patient stands in. */
function patientOf(state: unknown): Pick<Patient, 'id' | 'name' | 'mobile'> | null {
  if (typeof state !== 'object' || state === null || !('patient' in state)) return null;
  const parsed = prefillSchema.safeParse(state.patient);
  return parsed.success ? parsed.data : null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A line the master no longer has: its name as prescribed, priced at nothing until typed. */
const unpricedLine = (key: string, name: string): DraftLine => ({
  key,
  treatmentId: null,
  productId: null,
  planItemId: null,
  name,
  quantity: '1',
  unitPrice: '0',
  taxPercentage: '0',
});

/**
 * The prescription's treatments and medicines as bill lines, each priced from the master
 * entry of that name; the same entry twice (a treatment on two teeth) is one line of 2.
 */
async function linesOfConsultation(form: ConsultationForm, signal: AbortSignal): Promise<DraftLine[]> {
  const treatments = form.treatments.map(async (treatment) => {
    const found = (await masterSearches.treatments(treatment.treatment_name, signal)).find((row) =>
      sameName(row.treatment_name, treatment.treatment_name),
    );
    return found ? lineOfTreatment(found) : unpricedLine(`form:${treatment.id}`, treatment.treatment_name);
  });
  const products = form.products.map(async (product) => {
    const found = (await masterSearches.products(product.product_name, signal)).find((row) =>
      sameName(row.product_name, product.product_name),
    );
    return found ? lineOfProduct(found) : unpricedLine(`form:${product.id}`, product.product_name);
  });
  const lines: DraftLine[] = [];
  for (const line of await Promise.all([...treatments, ...products])) {
    const index = lines.findIndex((other) => other.key === line.key);
    const earlier = lines[index];
    if (earlier) lines[index] = { ...earlier, quantity: String(Number(earlier.quantity) + 1) };
    else lines.push(line);
  }
  return lines;
}

interface EditorStart {
  bill: Bill | null;
  lines: DraftLine[];
  patient: BilledPatient | null;
}

/** The bill to edit, or for a booking without one, its prescription's lines. */
async function startOf(
  target: { billId: string | null; slotId: string | null },
  signal: AbortSignal,
): Promise<EditorStart> {
  if (target.billId) return { bill: await fetchBill(target.billId, signal), lines: [], patient: null };
  if (!target.slotId) return { bill: null, lines: [], patient: null };
  const bill = await fetchBillOfSlot(target.slotId, signal);
  if (bill) return { bill, lines: [], patient: null };
  const form = await fetchConsultationOfSlot(target.slotId, signal);
  if (!form) return { bill: null, lines: [], patient: null };
  return {
    bill: null,
    lines: await linesOfConsultation(form, signal),
    patient: { id: form.patient_id, name: form.customer_name, mobile: form.customer_mobile },
  };
}

/** Instead of the editor, for a bill of an earlier day and a role that may not correct it. */
function NotYourCorrection({ billId }: { billId: string }) {
  return (
    <Alert
      severity="info"
      action={
        <Button component={Link} to={`/bill-preview/${billId}`} color="inherit" size="small">
          {billCorrectionTexts.viewBill}
        </Button>
      }
    >
      {/* Not MUI's AlertTitle, a file of its own on arrival. */}
      <Box component="strong" sx={{ display: 'block', mb: 0.5 }}>
        {billCorrectionTexts.title}
      </Box>
      {permissions.billCorrections.refusal}
    </Alert>
  );
}

/**
 * `/dashboard/bill-editor`: `?slot=<booking>` bills the booking (or edits its bill when it
 * has one), starting from its prescription's treatments and medicines; `?id=<bill>` edits
 * a saved bill; neither writes a new one, for the patient handed over when there is one.
 */
export function BillEditorPage() {
  const [params] = useSearchParams();
  const slotId = params.get('slot');
  const billId = params.get('id');
  const routerState: unknown = useLocation().state;
  const { location } = useClinic();
  const target = { billId, slotId };
  const start = useQuery({
    queryKey: ['bill-editor', target],
    queryFn: ({ signal }) => startOf(target, signal),
    enabled: Boolean(billId || slotId),
    ...editorStartQuery,
  });
  const fresh = !billId && !slotId;
  // A bill of an earlier day is the owner's to correct (issue 23); the day is the clinic's.
  const today = useClinicToday();
  const mayCorrect = useMay('billCorrections');
  const newTarget = { billId: null, slotId, locationId: location?.id ?? null };

  return (
    <DocumentEditorPage
      start={fresh ? null : start}
      editing={Boolean(start.data?.bill)}
      words={words}
      fetchFailed={words.fetchFailed}
      placeholders={[80, 160, 120]}
    >
      {(started) => {
        if (!started) {
          const handedOver = patientOf(routerState);
          return <BillEditor initial={emptyBillDraft(handedOver)} target={newTarget} patient={handedOver} />;
        }
        const { bill } = started;
        if (bill && bill.generated_date < today && !mayCorrect) return <NotYourCorrection billId={bill.id} />;
        const patient = bill
          ? { id: bill.patient_id, name: bill.customer_name, mobile: bill.customer_mobile }
          : (patientOf(routerState) ?? started.patient);
        const initial: BillDraft = bill
          ? draftOfBill(bill)
          : { ...emptyBillDraft(patient), lines: started.lines };
        return (
          <BillEditor
            key={bill?.id ?? slotId}
            initial={initial}
            patient={patient}
            target={
              bill ? { billId: bill.id, slotId: bill.slot_id, locationId: bill.location_id } : newTarget
            }
          />
        );
      }}
    </DocumentEditorPage>
  );
}
