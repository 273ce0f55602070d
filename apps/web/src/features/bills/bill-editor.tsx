import { billMessages } from '@vaidya/contract/bills';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import { DocumentEditor, useDocumentEditor } from '../../components/documents/document-editor';
import { useEarlierBalance, useSaveBill } from './api/bill-editor-api';
import { type BillDraft, bodyOfDraft, checkBill, totalsOf } from './bill-draft';
import { BillLinesSection } from './components/bill-lines-section';
import { BillPatientSection } from './components/bill-patient-section';
import { BillPaymentSection } from './components/bill-payment-section';

export interface BillTarget {
  /** The saved bill being edited; null writes a new one. */
  billId: string | null;
  slotId: string | null;
  locationId: string | null;
}

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
export function BillEditor({ initial, target }: { initial: BillDraft; target: BillTarget }) {
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

  const submit = () => {
    const body = bodyOfDraft(draft, target, earlierPaise);
    editor.submit(body, checkBill(body, draft, earlierPaise));
  };

  return (
    <DocumentEditor editor={editor} onSubmit={submit} words={words} shownBesideField={shownBesideField}>
      <BillPatientSection patient={draft} errors={errors} onChange={update} />
      <BillLinesSection
        lines={draft.lines}
        figures={totals.lines}
        errors={errors}
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
