import styles from '../../../components/documents/document-page.module.css';
import { amountInWords } from '../../../lib/amount-in-words';
import { formatRupees } from '../../../lib/money';

/** One figure of the totals; the one that sums the document up is `total`, printed bold. */
export interface TotalsRow {
  label: string;
  amount: number;
  total?: boolean;
}

interface TotalsProps {
  rows: TotalsRow[];
  /** The amount written out under the figures. */
  inWords: number;
  words: { totals: string; amountInWords: string; labelled: (label: string, value: string) => string };
}

/** The closing figures of a bill or a receipt, set right under its table, and the main amount in words. */
export function Totals({ rows, inWords, words }: TotalsProps) {
  return (
    <>
      <section className={`${styles.section} ${styles.totals}`} aria-label={words.totals}>
        <table className={styles.table}>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className={row.total ? styles.total : undefined}>
                <th scope="row">{row.label}</th>
                <td className={styles.amount}>{formatRupees(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className={styles.section}>{words.labelled(words.amountInWords, amountInWords(inWords))}</p>
    </>
  );
}
