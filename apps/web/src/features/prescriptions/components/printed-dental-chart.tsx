import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import {
  type DentalChart,
  type DentalFinding,
  primaryTeeth,
  type ToothNumbering,
  universalNumber,
} from '@vaidya/contract/dental';
import { dentalChartWords } from '@vaidya/contract/dental-screens';
import { printedDentalChartTexts as texts } from '@vaidya/contract/prescription-screens';
import styles from '../../../components/documents/document-page.module.css';
import { usePrintedDentalChart } from '../api/printed-dental-chart';
import chartStyles from './printed-dental-chart.module.css';

/** One row of the drawing: its teeth from the patient's right to left, and how many places it is set in. */
interface DrawnRow {
  teeth: number[];
  indent: number;
}

/**
 * A row of the drawing: the patient's right quadrant from the back tooth to the middle, then
 * the left one from the middle out; a primary row (five teeth a side) set in by three places.
 */
function drawnRow(right: number, left: number, count: number): DrawnRow {
  const teeth = Array.from({ length: count }, (_unused, index) => index + 1);
  return {
    teeth: [
      ...teeth.map((tooth) => right * 10 + tooth).toReversed(),
      ...teeth.map((tooth) => left * 10 + tooth),
    ],
    indent: 8 - count,
  };
}

/** Upper permanent, upper primary, lower primary, lower permanent: the mouth as the dentist faces it. */
const permanentUpper = drawnRow(1, 2, 8);
const primaryUpper = drawnRow(5, 6, 5);
const primaryLower = drawnRow(8, 7, 5);
const permanentLower = drawnRow(4, 3, 8);

const cell = 20;
const rowHeight = 24;
/** Either side of the teeth, where R and L say the patient's sides. */
const margin = 10;
const width = cell * 16 + 2 * margin;

const labelOf = (tooth: number, numbering: ToothNumbering) =>
  numbering === 'UNIVERSAL' ? universalNumber(tooth) : String(tooth);

/** The letters that fit in a tooth's box: all of them when short, else the first and a "+" (the list says the rest). */
const codesShown = (codes: string[]) => (codes.join(' ').length <= 5 ? codes.join(' ') : `${codes[0]}+`);

/** What the list says of one finding: "Filling (MO, composite), completed". */
function findingText(finding: DentalFinding): string {
  const details = [
    finding.surfaces.join(''),
    finding.material ?? '',
    finding.mobility_grade === null ? '' : texts.mobilityGrade(finding.mobility_grade),
    finding.note ?? '',
  ].filter((detail) => detail !== '');
  return texts.finding(
    dentalChartWords.conditionNames[finding.condition],
    details,
    dentalChartWords.stateNames[finding.state].toLowerCase(),
  );
}

/** The teeth drawn as boxes, each with its number and its findings' condition letters; a missing tooth crossed. */
function TeethDrawing({
  rows,
  byTooth,
  numbering,
}: {
  rows: DrawnRow[];
  byTooth: Map<number, DentalFinding[]>;
  numbering: ToothNumbering;
}) {
  const upperRows = rows.length / 2;
  return (
    <svg
      className={chartStyles.drawing}
      viewBox={`0 0 ${width} ${rows.length * rowHeight}`}
      role="img"
      aria-label={texts.drawing}
    >
      <line
        x1={width / 2}
        x2={width / 2}
        y1={0}
        y2={rows.length * rowHeight}
        className={chartStyles.midline}
      />
      <line
        x1={margin}
        x2={width - margin}
        y1={upperRows * rowHeight}
        y2={upperRows * rowHeight}
        className={chartStyles.midline}
      />
      {rows.flatMap((row, rowIndex) => {
        const upper = rowIndex < upperRows;
        const top = rowIndex * rowHeight;
        const boxTop = upper ? top + 8 : top + 2;
        const labelY = upper ? top + 6 : top + 22;
        return row.teeth.map((tooth, index) => {
          const x = margin + (row.indent + index) * cell;
          const findings = byTooth.get(tooth) ?? [];
          const missing = findings.some(
            (finding) => finding.condition === 'missing' && finding.surfaces.length === 0,
          );
          const planned = findings.some((finding) => finding.state === 'planned');
          const codes = [
            ...new Set(
              findings
                .filter((finding) => finding.condition !== 'missing')
                .map((finding) => dentalChartWords.conditionCodes[finding.condition]),
            ),
          ];
          return (
            <g key={tooth}>
              <text x={x + cell / 2} y={labelY} className={chartStyles.number}>
                {labelOf(tooth, numbering)}
              </text>
              <rect
                x={x + 2}
                y={boxTop}
                width={cell - 4}
                height={14}
                rx={2}
                className={planned ? chartStyles.plannedTooth : chartStyles.tooth}
              />
              {missing ? (
                <path
                  d={`M${x + 3} ${boxTop + 1}L${x + cell - 3} ${boxTop + 13}M${x + cell - 3} ${boxTop + 1}L${x + 3} ${boxTop + 13}`}
                  className={chartStyles.cross}
                />
              ) : null}
              {codes.length > 0 ? (
                <text x={x + cell / 2} y={boxTop + 9.5} className={chartStyles.code}>
                  {codesShown(codes)}
                </text>
              ) : null}
            </g>
          );
        });
      })}
      <text x={margin / 2} y={upperRows * rowHeight + 2} className={chartStyles.side}>
        {texts.right}
      </text>
      <text x={width - margin / 2} y={upperRows * rowHeight + 2} className={chartStyles.side}>
        {texts.left}
      </text>
    </svg>
  );
}

/** FDI order of the drawing's rows: a tooth's findings are listed in the order the teeth are drawn. */
function toothOrder(rows: DrawnRow[]): Map<number, number> {
  return new Map(rows.flatMap((row) => row.teeth).map((tooth, index) => [tooth, index]));
}

/**
 * The patient's dental chart on the printed prescription: the teeth drawn small, both arches
 * (with the primary teeth when the chart is of mixed dentition or names one), then the
 * findings listed tooth by tooth, so the sheet reads in black and white.
 */
function ChartSection({ chart, date }: { chart: DentalChart; date: string }) {
  const byTooth = new Map<number, DentalFinding[]>();
  for (const finding of chart.findings)
    byTooth.set(finding.tooth, [...(byTooth.get(finding.tooth) ?? []), finding]);
  const showsPrimary =
    chart.mixed_dentition || chart.findings.some((finding) => primaryTeeth.includes(finding.tooth));
  const rows = showsPrimary
    ? [permanentUpper, primaryUpper, primaryLower, permanentLower]
    : [permanentUpper, permanentLower];
  const order = toothOrder(rows);
  const teeth = [...byTooth.keys()].toSorted((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const title = texts.title(calendarDateEnGb(date));
  return (
    <section className={styles.section} aria-label={title}>
      <h2>{title}</h2>
      <TeethDrawing rows={rows} byTooth={byTooth} numbering={chart.tooth_numbering} />
      {teeth.length === 0 ? (
        <p className={styles.muted}>{texts.nothing}</p>
      ) : (
        <table className={`${styles.table} ${chartStyles.findings}`}>
          <thead>
            <tr>
              <th scope="col">{texts.columns.tooth}</th>
              <th scope="col">{texts.columns.findings}</th>
            </tr>
          </thead>
          <tbody>
            {teeth.map((tooth) => (
              <tr key={tooth}>
                <th scope="row">{labelOf(tooth, chart.tooth_numbering)}</th>
                <td>{(byTooth.get(tooth) ?? []).map(findingText).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * What the clinic's preview adds to the sheet (issue 22): the chart as it stood on the
 * prescription's date when the clinic prints it, or on screen alone the word that it could
 * not be loaded. Loaded by the preview on its own, with the dental contract, so the page's
 * first load stays within its budget.
 */
export function PrintedDentalChart({ id }: { id: string }) {
  const printed = usePrintedDentalChart(id);
  if (printed.status === 'failed')
    return (
      <p role="alert" className={`${styles.noPrint} ${chartStyles.failed}`}>
        {texts.failed}
      </p>
    );
  if (printed.status === 'loaded') return <ChartSection chart={printed.chart} date={printed.date} />;
  return null;
}
