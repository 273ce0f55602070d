import { billTexts as texts } from '@vaidya/contract/bill-screens';
import type { PublicBill } from '@vaidya/contract/bills';
import { calendarDateEnGb, clinicDate } from '@vaidya/contract/calendar-dates';
import { ClinicHeader } from '../../../components/documents/clinic-header';
import styles from '../../../components/documents/document-page.module.css';
import { ScrollBox } from '../../../components/scroll-box';
import { amountInWords } from '../../../lib/amount-in-words';
import { formatRupees } from '../../../lib/money';

type Bill = PublicBill['bill'];

function PatientBlock({ bill }: { bill: Bill }) {
  return (
    <section className={styles.meta} aria-label={texts.patient}>
      <div className={styles.metaLines}>
        <strong>{bill.customer_name}</strong>
        <span>{texts.labelled(texts.mobile, bill.customer_mobile)}</span>
      </div>
      <div className={styles.metaLines}>
        <span>{texts.labelled(texts.billNumber, bill.bill_number)}</span>
        <span>{texts.labelled(texts.date, calendarDateEnGb(bill.generated_date))}</span>
      </div>
    </section>
  );
}

function ItemsTable({ items }: { items: Bill['items'] }) {
  const columns = texts.columns;
  return (
    <section className={styles.section}>
      <ScrollBox label={texts.items}>
        <table className={`${styles.table} ${styles.wide}`}>
          <thead>
            <tr>
              <th scope="col">{columns.serial}</th>
              <th scope="col">{columns.item}</th>
              <th scope="col" className={styles.amount}>
                {columns.quantity}
              </th>
              <th scope="col" className={styles.amount}>
                {columns.unitPrice}
              </th>
              <th scope="col" className={styles.amount}>
                {columns.taxPercentage}
              </th>
              <th scope="col" className={styles.amount}>
                {columns.tax}
              </th>
              <th scope="col" className={styles.amount}>
                {columns.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={item.id}>
                <td>{index + 1}</td>
                <td>{item.name}</td>
                <td className={styles.amount}>{item.quantity}</td>
                <td className={styles.amount}>{formatRupees(item.unit_price)}</td>
                <td className={styles.amount}>{texts.percentage(item.tax_percentage)}</td>
                <td className={styles.amount}>{formatRupees(item.tax)}</td>
                <td className={styles.amount}>{formatRupees(item.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}

function Totals({ bill }: { bill: Bill }) {
  const rows: [string, number][] = [
    [texts.subtotal, bill.subtotal],
    [texts.discount, bill.discount],
    [texts.tax, bill.tax],
    [texts.total, bill.final_amount],
    [texts.paid, bill.amount_paid],
    [texts.balance, bill.balance],
  ];
  return (
    <section className={`${styles.section} ${styles.totals}`} aria-label={texts.totals}>
      <table className={styles.table}>
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label} className={label === texts.total ? styles.total : undefined}>
              <th scope="row">{label}</th>
              <td className={styles.amount}>{formatRupees(amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Payments({ payments, timeZone }: { payments: Bill['payments']; timeZone: string }) {
  if (payments.length === 0) return null;
  const columns = texts.paymentColumns;
  return (
    <section className={styles.section} aria-label={texts.payments}>
      <h2>{texts.payments}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{columns.date}</th>
            <th scope="col">{columns.mode}</th>
            <th scope="col" className={styles.amount}>
              {columns.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{clinicDate(payment.paid_at, timeZone)}</td>
              <td>{texts.paymentModes[payment.payment_mode]}</td>
              <td className={styles.amount}>{formatRupees(payment.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The bill as printed and as the patient opens it: the clinic, the patient, the lines, the totals in figures and words, the payments. */
export function BillDocument({ bill: publicBill }: { bill: PublicBill }) {
  const { bill } = publicBill;
  return (
    <>
      <ClinicHeader partner={publicBill.partner} location={publicBill.location} headerAlt={texts.headerAlt} />
      <PatientBlock bill={bill} />
      <ItemsTable items={bill.items} />
      <Totals bill={bill} />
      <p className={styles.section}>
        {texts.labelled(texts.amountInWords, amountInWords(bill.final_amount))}
      </p>
      <Payments payments={bill.payments} timeZone={publicBill.partner.time_zone} />
    </>
  );
}
