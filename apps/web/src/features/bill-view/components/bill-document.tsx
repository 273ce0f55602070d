import { billTexts as texts } from '@vaidya/contract/bill-screens';
import type { PublicBill } from '@vaidya/contract/bills';
import { calendarDateEnGb, clinicDate } from '@vaidya/contract/calendar-dates';
import { ClinicHeader } from '../../../components/documents/clinic-header';
import styles from '../../../components/documents/document-page.module.css';
import { type DocumentColumn, DocumentTable } from '../../../components/documents/document-table';
import { ScrollBox } from '../../../components/scroll-box';
import { formatRupees } from '../../../lib/money';
import { Totals } from './totals';

type Bill = PublicBill['bill'];
type Item = Bill['items'][number];
type Payment = Bill['payments'][number];

const itemColumns: DocumentColumn<Item>[] = [
  { heading: texts.columns.serial, cell: (_item, index) => index + 1 },
  { heading: texts.columns.item, cell: (item) => item.name },
  { heading: texts.columns.quantity, cell: (item) => item.quantity, amount: true },
  { heading: texts.columns.unitPrice, cell: (item) => formatRupees(item.unit_price), amount: true },
  {
    heading: texts.columns.taxPercentage,
    cell: (item) => texts.percentage(item.tax_percentage),
    amount: true,
  },
  { heading: texts.columns.tax, cell: (item) => formatRupees(item.tax), amount: true },
  { heading: texts.columns.amount, cell: (item) => formatRupees(item.amount), amount: true },
];

/** The payments' columns; each is dated where the clinic is. */
const paymentColumns = (timeZone: string): DocumentColumn<Payment>[] => [
  { heading: texts.paymentColumns.date, cell: (payment) => clinicDate(payment.paid_at, timeZone) },
  { heading: texts.paymentColumns.mode, cell: (payment) => texts.paymentModes[payment.payment_mode] },
  { heading: texts.paymentColumns.amount, cell: (payment) => formatRupees(payment.amount), amount: true },
];

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
        {bill.doctor ? <span>{texts.labelled(texts.doctor, texts.doctorLine(bill.doctor))}</span> : null}
      </div>
    </section>
  );
}

function Payments({ payments, timeZone }: { payments: Payment[]; timeZone: string }) {
  if (payments.length === 0) return null;
  return (
    <section className={styles.section} aria-label={texts.payments}>
      <h2>{texts.payments}</h2>
      <DocumentTable columns={paymentColumns(timeZone)} rows={payments} rowKey={(payment) => payment.id} />
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
      <section className={styles.section}>
        <ScrollBox label={texts.items}>
          <DocumentTable columns={itemColumns} rows={bill.items} rowKey={(item) => item.id} wide />
        </ScrollBox>
      </section>
      <Totals
        rows={[
          { label: texts.subtotal, amount: bill.subtotal },
          { label: texts.discount, amount: bill.discount },
          { label: texts.tax, amount: bill.tax },
          { label: texts.total, amount: bill.final_amount, total: true },
          { label: texts.paid, amount: bill.amount_paid },
          { label: texts.balance, amount: bill.balance },
        ]}
        inWords={bill.final_amount}
        words={texts}
      />
      <Payments payments={bill.payments} timeZone={publicBill.partner.time_zone} />
    </>
  );
}
