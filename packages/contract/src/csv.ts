/**
 * Writing a CSV file a spreadsheet opens safely (issue 21, issue 24): the patient and audit
 * exports on the server and every report's table in the browser share this one rule.
 */

export type CsvCell = string | number | null;

/**
 * A cell a spreadsheet would read as a formula starts with one of these; a leading `'` makes
 * it text (a patient named `=HYPERLINK(…)` by an online booking stays a name).
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell: formula starts defused, and quoted (quotes doubled) when it holds a comma, a quote or a line break. */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  const text = formulaStart.test(String(value)) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: a byte-order mark so spreadsheets read it as UTF-8, rows ended by CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`;
}
