import { calendarDateEnGb, clinicDateTime, clinicTime } from '@vaidya/contract/calendar-dates';
import type { DaySummary } from '@vaidya/contract/day-close';
import { dayCloseScreenWords } from '@vaidya/contract/day-close-screens';
import { paymentModeWords } from '@vaidya/contract/record-states';
import { createPortal } from 'react-dom';
import { formatRupees } from '../../../lib/money';
import { cashDifferenceSaid } from '../cash-difference';
import { cashOf } from './close-day-form';
import styles from './day-sheet.module.css';

const words = dayCloseScreenWords;

/**
 * The day on one printed page: status, money by mode against the cash counted, the open
 * tokens, the bills made and the payments received, and a line to sign. It sits in <body>
 * beside the app, hidden on screen; printing (the page's button or the browser's own)
 * shows it alone (day-sheet.module.css).
 */
export function DaySheet({
  summary,
  clinicName,
  timeZone,
}: {
  summary: DaySummary;
  clinicName: string;
  timeZone: string;
}) {
  const closed = summary.status === 'closed' ? summary.closed : null;
  const paymentHeaders = words.payments.headers;
  const billHeaders = words.bills.headers;
  return createPortal(
    <article className={styles.sheet} aria-label={words.sheet.title}>
      <h1>{words.sheet.heading(clinicName, summary.location_name)}</h1>
      <p>
        <strong>{words.sheet.title}</strong> · {words.sheet.date(calendarDateEnGb(summary.date))} ·{' '}
        {words.sheet.status(words.status[summary.status])}
      </p>
      {closed ? (
        <p>{words.status.closedBy(closed.closed_by_name, clinicDateTime(closed.closed_at, timeZone))}</p>
      ) : null}
      {summary.reopened ? (
        <p>
          {words.status.reopenedBy(
            summary.reopened.reopened_by_name,
            clinicDateTime(summary.reopened.reopened_at, timeZone),
          )}
        </p>
      ) : null}

      <div className={styles.columns}>
        <section>
          <h2>{words.collections.title}</h2>
          <table className={styles.table}>
            <tbody>
              {summary.collections.map((collection) => (
                <tr key={collection.mode}>
                  <th scope="row">{paymentModeWords[collection.mode]}</th>
                  <td className={styles.amount}>{formatRupees(collection.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>{words.collections.total}</td>
                <td className={styles.amount}>{formatRupees(summary.total_received)}</td>
              </tr>
            </tfoot>
          </table>
        </section>
        <section>
          <h2>{words.sheet.cash}</h2>
          <p>
            {words.close.cashExpected}: {formatRupees(closed?.cash_expected ?? cashOf(summary))}
          </p>
          {closed ? (
            <>
              <p>
                {words.close.counted}: {formatRupees(closed.cash_counted)}
              </p>
              <p>
                {words.close.difference}: {cashDifferenceSaid(closed.difference)}
              </p>
              {closed.note ? (
                <p>
                  {words.close.note}: {closed.note}
                </p>
              ) : null}
            </>
          ) : null}
          <p>{words.sheet.openTokens(summary.open_tokens.length)}</p>
        </section>
      </div>

      <h2>{words.bills.title}</h2>
      {summary.bills.length === 0 ? (
        <p>{words.bills.none}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{billHeaders.billNumber}</th>
              <th>{billHeaders.patient}</th>
              <th className={styles.amount}>{billHeaders.amount}</th>
              <th className={styles.amount}>{billHeaders.paidOnDay}</th>
              <th className={styles.amount}>{billHeaders.balance}</th>
            </tr>
          </thead>
          <tbody>
            {summary.bills.map((bill) => (
              <tr key={bill.id}>
                <td>{bill.bill_number}</td>
                <td>{bill.customer_name}</td>
                <td className={styles.amount}>{formatRupees(bill.final_amount)}</td>
                <td className={styles.amount}>{formatRupees(bill.paid_on_day)}</td>
                <td className={styles.amount}>{formatRupees(bill.balance)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2}>{words.bills.total}</td>
              <td className={styles.amount}>{formatRupees(summary.total_billed)}</td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      )}

      <h2>{words.payments.title}</h2>
      {summary.payments.length === 0 ? (
        <p>{words.payments.none}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{paymentHeaders.time}</th>
              <th>{paymentHeaders.billNumber}</th>
              <th>{paymentHeaders.patient}</th>
              <th>{paymentHeaders.mode}</th>
              <th className={styles.amount}>{paymentHeaders.amount}</th>
            </tr>
          </thead>
          <tbody>
            {summary.payments.map((payment) => (
              <tr key={payment.id}>
                <td>{clinicTime(payment.paid_at, timeZone)}</td>
                <td>
                  {payment.bill_number}
                  {payment.bill_date < summary.date
                    ? ` (${words.payments.olderBill(calendarDateEnGb(payment.bill_date))})`
                    : null}
                </td>
                <td>{payment.customer_name}</td>
                <td>{paymentModeWords[payment.mode]}</td>
                <td className={styles.amount}>{formatRupees(payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <div className={styles.footer}>
        <p className={styles.signature}>{words.sheet.signature}</p>
        <p>{words.sheet.printedAt(clinicDateTime(new Date(), timeZone))}</p>
      </div>
    </article>,
    document.body,
  );
}
