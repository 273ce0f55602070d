import { billMessages } from '@vaidya/contract/bills';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import { DocumentEditor, useDocumentEditor } from '../../components/documents/document-editor';
import { useClinic } from '../../lib/clinic-context';
import { useEarlierBalance, useSaveBill } from './api/bill-editor-api';
import { type BillDraft, bodyOfDraft, checkBill, totalsOf } from './bill-draft';
import { BillDoctorField } from './components/bill-doctor-field';
import { BillLinesSection } from './components/bill-lines-section';
import { BillPatientSection } from './components/bill-patient-section';
import { BillPaymentSection } from './components/bill-payment-section';

export interface BillTarget {
  /** The saved bill being edited; null writes a new one. */
  billId: string | null;
  slotId: string | null;
  locationId: string | null;
}

/** A patient of the clinic's registry, as the bill editor is handed them. */
export interface BilledPatient {
  id: string;
  name: string;
  mobile: string;
}

/** The draft still names the patient: the same mobile, the same name in any case. */
const namesPatient = (draft: BillDraft, patient: BilledPatient) =>
  draft.customerMobile === patient.mobile &&
  draft.customerName.trim().toLowerCase() === patient.name.trim().toLowerCase();

const previewOf = (id: string) => `/bill-preview/${id}`;

/** The refusals shown beside their own input; every other one is listed above the save button. */
const shownBesideField = (field: string) =>
  ['customerName', 'customerMobile', 'discount', 'amountPaid'].includes(field) ||
  /^items\.\d+\.(quantity|unitPrice|taxPercentage)$/.test(field);

/**
 * The bill: the patient, lines picked from the treatment and medicine masters, the
 * discount, and the payment. The totals are the contract's arithmetic on what is typed,
 * in paise. With a valid mobile the patient's earlier balance at the location shows, and
 * may be collected with this bill. Saving checks the bill with the contract first, then
 * opens its preview; until then, leaving asks first.
 */
export function BillEditor({
  initial,
  target,
  patient,
}: {
  initial: BillDraft;
  target: BillTarget;
  /** The registry's patient the bill started for (a saved bill's, a booking's, the patient page's), if known. */
  patient: BilledPatient | null;
}) {
  const { partner } = useClinic();
  const dental = partner.speciality_type === 'DENTIST';
  const editor = useDocumentEditor({
    initial,
    documentId: target.billId,
    save: useSaveBill(),
    savedSentences: billMessages,
    previewPath: previewOf,
  });
  const { draft, update, errors } = editor;
  const earlierPaise = useEarlierBalance(target, draft.customerMobile);
  const totals = totalsOf(draft);
  // Plan items are offered for the patient the bill started for, while it still names them.
  const planPatientId = dental && patient && namesPatient(draft, patient) ? patient.id : null;

  const submit = () => {
    const body = bodyOfDraft(draft, target, earlierPaise);
    editor.submit(body, checkBill(body, draft, earlierPaise));
  };

  return (
    <DocumentEditor editor={editor} onSubmit={submit} words={words} shownBesideField={shownBesideField}>
      <BillPatientSection patient={draft} errors={errors} onChange={update}>
        <BillDoctorField
          draft={draft}
          forBooking={Boolean(target.slotId && !target.billId)}
          onChange={update}
        />
      </BillPatientSection>
      <BillLinesSection
        lines={draft.lines}
        figures={totals.lines}
        errors={errors}
        dental={dental}
        planItems={planPatientId ? { patientId: planPatientId, numbering: partner.tooth_numbering } : null}
        onChange={(lines) => update({ lines })}
      />
      <BillPaymentSection
        draft={draft}
        totals={totals}
        earlierPaise={earlierPaise}
        errors={errors}
        onChange={update}
      />
    </DocumentEditor>
  );
}
