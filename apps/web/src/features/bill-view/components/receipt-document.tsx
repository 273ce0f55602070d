import { receiptTexts as texts } from '@vaidya/contract/bill-screens';
import type { Receipt } from '@vaidya/contract/bills';
import { calendarDateEnGb, clinicDate } from '@vaidya/contract/calendar-dates';
import { ClinicHeader } from '../../../components/documents/clinic-header';
import styles from '../../../components/documents/document-page.module.css';
import { amountInWords } from '../../../lib/amount-in-words';
import { formatRupees } from '../../../lib/money';

/**
 * A payment against dues as printed: the clinic, the patient, what was paid against
 * which bills (oldest first), the amount in figures and words, and what is still due.
 */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const columns = texts.allocationColumns;
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
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{columns.billNumber}</th>
              <th scope="col">{columns.date}</th>
              <th scope="col" className={styles.amount}>
                {columns.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.allocations.map((allocation) => (
              <tr key={allocation.bill_id}>
                <td>{allocation.bill_number}</td>
                <td>{calendarDateEnGb(allocation.generated_date)}</td>
                <td className={styles.amount}>{formatRupees(allocation.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className={`${styles.section} ${styles.totals}`} aria-label={texts.totals}>
        <table className={styles.table}>
          <tbody>
            <tr className={styles.total}>
              <th scope="row">{texts.received}</th>
              <td className={styles.amount}>{formatRupees(receipt.amount)}</td>
            </tr>
            <tr>
              <th scope="row">{texts.remainingDue}</th>
              <td className={styles.amount}>{formatRupees(receipt.remaining_due)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <p className={styles.section}>{texts.labelled(texts.amountInWords, amountInWords(receipt.amount))}</p>
      {receipt.note ? <p className={styles.section}>{texts.labelled(texts.note, receipt.note)}</p> : null}
    </>
  );
}
