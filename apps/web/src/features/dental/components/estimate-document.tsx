import { calendarDateEnGb, clinicDate } from '@vaidya/contract/calendar-dates';
import type { PublicEstimate } from '@vaidya/contract/dental';
import { estimateWords as words } from '@vaidya/contract/estimate-screens';
import { ClinicHeader } from '../../../components/documents/clinic-header';
import styles from '../../../components/documents/document-page.module.css';
import { formatRupees } from '../../../lib/money';
import { acceptedAlternative, bySitting, itemPlace } from '../plan-lines';

/** What the estimate prints, as the public call answers it: the plan, the clinic at the plan's location, the patient. */
export type Estimate = PublicEstimate;
type EstimateAlternative = Estimate['plan']['alternatives'][number];

const columns = words.columns;

/** An alternative's items, sitting by sitting, then its figures. */
function AlternativeTable({
  alternative,
  estimate,
}: {
  alternative: EstimateAlternative;
  estimate: Estimate;
}) {
  const numbering = estimate.partner.tooth_numbering;
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{columns.treatment}</th>
            <th scope="col">{columns.tooth}</th>
            <th scope="col" className={styles.amount}>
              {columns.price}
            </th>
            <th scope="col" className={styles.amount}>
              {columns.tax}
            </th>
            <th scope="col" className={styles.amount}>
              {columns.total}
            </th>
          </tr>
        </thead>
        {bySitting(alternative.items).map(({ sitting, items }) => (
          <tbody key={sitting}>
            <tr>
              <th scope="rowgroup" colSpan={5}>
                {words.sitting(sitting)}
              </th>
            </tr>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.treatment_name}</td>
                <td>{itemPlace(item, numbering)}</td>
                <td className={styles.amount}>{formatRupees(item.price)}</td>
                <td className={styles.amount}>
                  {item.tax_percentage > 0
                    ? `${formatRupees(item.tax)} (${item.tax_percentage}%)`
                    : formatRupees(0)}
                </td>
                <td className={styles.amount}>{formatRupees(item.total)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <div className={`${styles.section} ${styles.totals}`}>
        <table className={styles.table}>
          <tbody>
            <tr>
              <th scope="row">{words.subtotal}</th>
              <td className={styles.amount}>{formatRupees(alternative.subtotal)}</td>
            </tr>
            {alternative.discount > 0 ? (
              <tr>
                <th scope="row">{words.discount}</th>
                <td className={styles.amount}>−{formatRupees(alternative.discount)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">{words.tax}</th>
              <td className={styles.amount}>{formatRupees(alternative.tax)}</td>
            </tr>
            <tr className={styles.total}>
              <th scope="row">{words.total}</th>
              <td className={styles.amount}>{formatRupees(alternative.total)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * A treatment plan as printed for the patient, on one A4 page: the clinic's header, the
 * patient, the date and how long it holds, then the items sitting by sitting and the total;
 * a plan still open between alternatives prints each of them, an accepted one only that one.
 */
export function EstimateDocument({ estimate }: { estimate: Estimate }) {
  const { plan, partner, location, patient } = estimate;
  const accepted = acceptedAlternative(plan);
  const shown = accepted ? [accepted] : plan.alternatives;
  return (
    <>
      <ClinicHeader partner={partner} location={location} headerAlt={words.headerAlt} />
      <section className={styles.meta} aria-label={words.patient}>
        <div className={styles.metaLines}>
          <strong>{patient.name}</strong>
          <span>{words.patientNumber(patient.patient_number)}</span>
        </div>
        <div className={styles.metaLines}>
          <strong>{words.title}</strong>
          <span>{words.labelled(words.date, clinicDate(plan.created_at, partner.time_zone))}</span>
          <span>
            {words.labelled(
              words.validUntil,
              plan.valid_until ? calendarDateEnGb(plan.valid_until) : words.noValidity,
            )}
          </span>
        </div>
      </section>
      <section className={styles.section} aria-label={plan.title}>
        <h2>{plan.title}</h2>
      </section>
      {shown.map((alternative) => (
        <section key={alternative.id} className={styles.section} aria-label={alternative.title}>
          {shown.length > 1 || plan.alternatives.length > 1 ? (
            <h2>
              {alternative.title}
              {alternative.id === plan.accepted_alternative_id ? ` (${words.accepted})` : ''}
            </h2>
          ) : null}
          <AlternativeTable alternative={alternative} estimate={estimate} />
        </section>
      ))}
      <p className={`${styles.section} ${styles.muted}`}>{words.footnote}</p>
    </>
  );
}
