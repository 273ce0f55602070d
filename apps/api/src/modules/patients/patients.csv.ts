import {
  type AddPatientBody,
  addPatientBody,
  patientImportColumns,
  patientImportMessages,
} from '@vaidya/contract/patients';
import type { z } from 'zod';

/**
 * The registry's spreadsheets, pure: reading a CSV file from another system (writing one is
 * contract/csv.ts), and checking each of its rows by the contract's rules for adding
 * a patient (issue 21, "Import and export").
 */

/** A row of a file read, with the line it starts on (the first line is 1). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** A file that cannot be read as a list of patients: refused whole, in the contract's words. */
export class CsvError extends Error {}

/**
 * Reads a CSV file: fields quoted or not, `""` inside quotes, lines ended by CRLF, LF or CR, a
 * leading byte-order mark. Blank lines are left out. An unclosed quote is a `CsvError`.
 */
export function parseCsv(text: string): CsvRow[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  const endRow = () => {
    cells.push(field);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
  };
  for (let index = 0; index < source.length; index++) {
    const character = source[index] as string;
    if (quoted) {
      if (character === '"' && source[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') {
        quoted = false;
      } else {
        if (character === '\n' || (character === '\r' && source[index + 1] !== '\n')) line++;
        field += character;
      }
    } else if (character === '"' && field === '') {
      quoted = true;
    } else if (character === ',') {
      cells.push(field);
      field = '';
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && source[index + 1] === '\n') index++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += character;
    }
  }
  if (quoted) throw new CsvError(patientImportMessages.unclosedQuote(rowLine));
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}

type ImportColumn = keyof typeof patientImportColumns;
export type ImportedPatient = z.output<typeof addPatientBody>;

/** A row checked: the patient it adds, or the sentence saying what is wrong with it. */
export type CheckedRow = { line: number; name: string } & (
  | { patient: ImportedPatient; error?: undefined }
  | { patient?: undefined; error: string }
);

const genders: Record<string, 'male' | 'female' | 'other'> = {
  m: 'male',
  male: 'male',
  f: 'female',
  female: 'female',
  o: 'other',
  other: 'other',
};

/** Other systems write dates day first (31/01/1990, 31-01-1990); the contract reads 1990-01-31. */
function isoDate(typed: string): string {
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  if (!dayFirst) return typed;
  const [, day = '', month = '', year = ''] = dayFirst;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The payload a row stands for, in the shape `addPatientBody` reads; a blank cell is no value. */
function payloadOf(cell: (column: ImportColumn) => string): AddPatientBody | string {
  const gender = cell('gender').toLowerCase();
  if (gender && !genders[gender]) return patientImportMessages.invalidGender;
  const dateOfBirth = cell('dateOfBirth');
  const age = cell('age');
  return {
    name: cell('name'),
    mobile: cell('mobile'),
    gender: gender ? genders[gender] : null,
    dateOfBirth: dateOfBirth ? isoDate(dateOfBirth) : null,
    // An exported file has both; its date of birth is the more exact.
    age: dateOfBirth || !age ? null : Number(age),
    patientNumber: cell('patientNumber'),
    email: cell('email'),
    address: cell('address'),
  };
}

/**
 * Checks each row of a file under its header row (names matched case-insensitively, other
 * columns ignored) by the contract's rules for adding a patient, each refusal the sentence
 * naming the field. Without a Name and a Mobile column, or without rows, it is a `CsvError`.
 */
export function checkImportRows(table: CsvRow[]): CheckedRow[] {
  const [header, ...rows] = table;
  if (!header || rows.length === 0) throw new CsvError(patientImportMessages.noRows);
  const headings = header.cells.map((heading) => heading.trim().toLowerCase());
  const positions = Object.fromEntries(
    Object.entries(patientImportColumns).map(([column, heading]) => [
      column,
      headings.indexOf(heading.toLowerCase()),
    ]),
  ) as Record<ImportColumn, number>;
  if (positions.name < 0 || positions.mobile < 0) throw new CsvError(patientImportMessages.missingColumns);
  return rows.map(({ line, cells }) => {
    const cell = (column: ImportColumn) => (cells[positions[column]] ?? '').trim();
    const name = cell('name');
    const payload = payloadOf(cell);
    if (typeof payload === 'string') return { line, name, error: payload };
    const checked = addPatientBody.safeParse(payload);
    if (!checked.success) return { line, name, error: checked.error.issues[0]?.message ?? '' };
    return { line, name, patient: checked.data };
  });
}
