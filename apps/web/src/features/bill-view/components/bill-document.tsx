import { billTexts as texts } from '@vaidya/contract/bill-screens';
import type { PublicBill } from '@vaidya/contract/bills';
import { amountInWords } from '../../../lib/amount-in-words';
import { formatRupees } from '../../../lib/money';
import { ClinicHeader } from '../../documents/clinic-header';
import { calendarDateEnGb, instantDateEnGb } from '../../documents/document-dates';

type Bill = PublicBill['bill'];

function PatientBlock({ bill }: { bill: Bill }) {
  return (
    <section className="document-meta" aria-label={texts.patient}>
      <div className="document-meta-lines">
        <strong>{bill.customer_name}</strong>
        <span>{texts.labelled(texts.mobile, bill.customer_mobile)}</span>
      </div>
      <div className="document-meta-lines">
        <span>{texts.labelled(texts.billNumber, bill.bill_number)}</span>
        <span>{texts.labelled(texts.date, calendarDateEnGb(bill.generated_date))}</span>
      </div>
    </section>
  );
}

function ItemsTable({ items }: { items: Bill['items'] }) {
  const columns = texts.columns;
  return (
    <section className="document-section" aria-label={texts.items}>
      <table className="document-table">
        <thead>
          <tr>
            <th scope="col">{columns.serial}</th>
            <th scope="col">{columns.item}</th>
            <th scope="col" className="document-amount">
              {columns.quantity}
            </th>
            <th scope="col" className="document-amount">
              {columns.unitPrice}
            </th>
            <th scope="col" className="document-amount">
              {columns.taxPercentage}
            </th>
            <th scope="col" className="document-amount">
              {columns.tax}
            </th>
            <th scope="col" className="document-amount">
              {columns.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={item.id}>
              <td>{index + 1}</td>
              <td>{item.name}</td>
              <td className="document-amount">{item.quantity}</td>
              <td className="document-amount">{formatRupees(item.unit_price)}</td>
              <td className="document-amount">{texts.percentage(item.tax_percentage)}</td>
              <td className="document-amount">{formatRupees(item.tax)}</td>
              <td className="document-amount">{formatRupees(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
    <section className="document-section document-totals" aria-label={texts.totals}>
      <table className="document-table">
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label} className={label === texts.total ? 'document-total' : undefined}>
              <th scope="row">{label}</th>
              <td className="document-amount">{formatRupees(amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Payments({ payments }: { payments: Bill['payments'] }) {
  if (payments.length === 0) return null;
  const columns = texts.paymentColumns;
  return (
    <section className="document-section" aria-label={texts.payments}>
      <h2>{texts.payments}</h2>
      <table className="document-table">
        <thead>
          <tr>
            <th scope="col">{columns.date}</th>
            <th scope="col">{columns.mode}</th>
            <th scope="col" className="document-amount">
              {columns.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{instantDateEnGb(payment.paid_at)}</td>
              <td>{texts.paymentModes[payment.payment_mode]}</td>
              <td className="document-amount">{formatRupees(payment.amount)}</td>
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
      <p className="document-section">
        {texts.labelled(texts.amountInWords, amountInWords(bill.final_amount))}
      </p>
      <Payments payments={bill.payments} />
    </>
  );
}
