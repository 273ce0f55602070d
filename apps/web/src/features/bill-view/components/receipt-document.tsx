import { receiptTexts as texts } from '@vaidya/contract/bill-screens';
import type { Receipt } from '@vaidya/contract/bills';
import { calendarDateEnGb, clinicDate } from '@vaidya/contract/calendar-dates';
import { ClinicHeader } from '../../../components/documents/clinic-header';
import styles from '../../../components/documents/document-page.module.css';
import { type DocumentColumn, DocumentTable } from '../../../components/documents/document-table';
import { formatRupees } from '../../../lib/money';
import { Totals } from './totals';

type Allocation = Receipt['allocations'][number];

const allocationColumns: DocumentColumn<Allocation>[] = [
  { heading: texts.allocationColumns.billNumber, cell: (allocation) => allocation.bill_number },
  {
    heading: texts.allocationColumns.date,
    cell: (allocation) => calendarDateEnGb(allocation.generated_date),
  },
  {
    heading: texts.allocationColumns.doctor,
    cell: (allocation) => (allocation.doctor ? texts.doctorLine(allocation.doctor) : texts.none),
  },
  {
    heading: texts.allocationColumns.amount,
    cell: (allocation) => formatRupees(allocation.amount),
    amount: true,
  },
];

/**
 * A payment against dues as printed: the clinic, the patient, what was paid against
 * which bills (oldest first), the amount in figures and words, and what is still due.
 */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  return (
    <>
      <ClinicHeader partner={receipt.partner} location={receipt.location} headerAlt={texts.headerAlt} />
      <section className={styles.meta} aria-label={texts.patient}>
        <div className={styles.metaLines}>
          <strong>{receipt.customer_name}</strong>
          <span>{texts.labelled(texts.mobile, receipt.customer_mobile)}</span>
        </div>
        <div className={styles.metaLines}>
          <strong>{texts.title}</strong>
          <span>{texts.labelled(texts.date, clinicDate(receipt.paid_at, receipt.partner.time_zone))}</span>
          <span>{texts.labelled(texts.mode, texts.paymentModes[receipt.payment_mode])}</span>
        </div>
      </section>
      <section className={styles.section} aria-label={texts.allocations}>
        <h2>{texts.allocations}</h2>
        <DocumentTable
          columns={allocationColumns}
          rows={receipt.allocations}
          rowKey={(allocation) => allocation.bill_id}
        />
      </section>
      <Totals
        rows={[
          { label: texts.received, amount: receipt.amount, total: true },
          { label: texts.remainingDue, amount: receipt.remaining_due },
        ]}
        inWords={receipt.amount}
        words={texts}
      />
      {receipt.note ? <p className={styles.section}>{texts.labelled(texts.note, receipt.note)}</p> : null}
    </>
  );
}
