import { toRupees } from '@vaidya/contract/bill-arithmetic';
import { toCsv } from '@vaidya/contract/csv';
import {
  type ImportPatientsResult,
  type ImportRowResult,
  patientExportColumns,
  patientImportMessages,
  patientMessages,
  patientNameKey,
} from '@vaidya/contract/patients';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { AppError } from '../../http/app-error';
import { type CheckedRow, CsvError, checkImportRows, type ImportedPatient, parseCsv } from './patients.csv';
import {
  findPatientsHolding,
  insertImportedPatients,
  listPatientsForExport,
  takePatientNumbers,
} from './patients.csv.repository';
import { findClinicToday } from './patients.repository';

/** Text left blank in the file is no value at all. */
const blankToNull = (value: string | undefined) => value || null;

/** A row the file adds, by its line. */
type GoodRow = { line: number; name: string; patient: ImportedPatient };

/**
 * The registry as a spreadsheet (issue 21): the export of a clinic's whole list, and the import
 * of a list from another system, for the web app (a file of at most `maxRows` rows) and the
 * command line (any size) alike.
 */
export function createPatientCsvService({ db, clock }: { db: Db; clock: Clock }) {
  /**
   * Sorts checked rows into results: a row whose mobile and name (the same patient; a family's
   * other names are other patients) or patient number the clinic already has, or an earlier
   * row of the file has, is skipped as already there, so the same file imported again adds
   * nobody; a date of birth after the clinic's today is an error.
   */
  async function sortRows(tx: Db, partnerId: string, checked: CheckedRow[]) {
    const candidates = checked.flatMap((row) => (row.patient ? [row.patient] : []));
    const there = await findPatientsHolding(tx, partnerId, {
      mobiles: candidates.map((patient) => patient.mobile),
      numbers: candidates.flatMap((patient) =>
        patient.patientNumber ? [patient.patientNumber.toLowerCase()] : [],
      ),
    });
    const samePatient = (mobile: string, nameKey: string) => `${mobile} ${nameKey}`;
    const patientsThere = new Map(there.map((row) => [samePatient(row.mobile, row.nameKey), row.name]));
    const numbersTaken = new Set(there.map((row) => row.number));
    const today = await findClinicToday(tx, partnerId, clock());
    const results: ImportRowResult[] = [];
    const good: GoodRow[] = [];
    for (const row of checked) {
      const { line, name, patient } = row;
      const numberKey = patient?.patientNumber?.toLowerCase();
      const key = patient && samePatient(patient.mobile, patientNameKey(patient.name));
      const holder = key && patientsThere.get(key);
      if (!patient) {
        results.push({ line, name, status: 'error', message: row.error });
      } else if (patient.dateOfBirth && patient.dateOfBirth > today) {
        results.push({ line, name, status: 'error', message: patientMessages.birthDateInFuture });
      } else if (holder) {
        results.push({
          line,
          name,
          status: 'skipped',
          message: patientImportMessages.samePatientThere(holder),
        });
      } else if (numberKey && numbersTaken.has(numberKey)) {
        const number = patient.patientNumber as string;
        results.push({ line, name, status: 'skipped', message: patientImportMessages.numberThere(number) });
      } else {
        patientsThere.set(key as string, patient.name);
        if (numberKey) numbersTaken.add(numberKey);
        results.push({ line, name, status: 'ok' });
        good.push({ line, name, patient });
      }
    }
    return { results, good, numbersInFile: numbersTaken };
  }

  /** Saves the good rows; a row without a number takes the clinic's next. */
  async function save(tx: Db, partnerId: string, good: GoodRow[], numbersInFile: ReadonlySet<string>) {
    const unnumbered = good.filter((row) => !row.patient.patientNumber).length;
    const numbers = await takePatientNumbers(tx, partnerId, unnumbered, numbersInFile);
    await insertImportedPatients(tx, {
      partnerId,
      now: clock(),
      patients: good.map(({ patient }) => ({
        patientNumber: patient.patientNumber || (numbers.shift() as string),
        age: patient.dateOfBirth ? null : (patient.age ?? null),
        values: {
          name: patient.name,
          mobile: patient.mobile,
          gender: patient.gender ?? null,
          date_of_birth: patient.dateOfBirth ?? null,
          address: blankToNull(patient.address),
          email: blankToNull(patient.email),
        },
      })),
    });
  }

  return {
    /** The clinic's whole list as CSV, every cell safe to open in a spreadsheet. */
    async exportCsv({ partnerId }: { partnerId: string }): Promise<string> {
      const rows = await listPatientsForExport(db, partnerId, clock());
      return toCsv([
        patientExportColumns,
        ...rows.map((row) => [
          row.patient_number,
          row.name,
          row.mobile,
          row.gender,
          row.age,
          row.date_of_birth,
          row.email,
          row.address,
          row.first_seen_on,
          row.last_visit_date,
          toRupees(row.balance_paise),
        ]),
      ]);
    },

    /**
     * Checks a CSV file of patients row by row and, unless `dryRun`, saves its good rows in one
     * transaction. A file that cannot be read, or has more than `maxRows` rows, is refused whole.
     */
    async importCsv({
      partnerId,
      csv,
      dryRun,
      maxRows = Number.POSITIVE_INFINITY,
    }: {
      partnerId: string;
      csv: string;
      dryRun: boolean;
      maxRows?: number;
    }): Promise<ImportPatientsResult> {
      let checked: CheckedRow[];
      try {
        checked = checkImportRows(parseCsv(csv));
      } catch (error) {
        if (error instanceof CsvError) throw new AppError('VALIDATION_FAILED', error.message);
        throw error;
      }
      if (checked.length > maxRows)
        throw new AppError('VALIDATION_FAILED', patientImportMessages.tooManyRows);
      try {
        return await db.transaction(async (tx) => {
          const { results, good, numbersInFile } = await sortRows(tx, partnerId, checked);
          if (!dryRun) await save(tx, partnerId, good, numbersInFile);
          const count = (status: ImportRowResult['status']) =>
            results.filter((row) => row.status === status).length;
          return {
            dryRun,
            added: good.length,
            skipped: count('skipped'),
            errors: count('error'),
            rows: results,
          };
        });
      } catch (error) {
        const changedMeanwhile =
          isUniqueViolationOf(error, 'patients_partner_number_key') ||
          isUniqueViolationOf(error, 'patients_partner_mobile_name_key');
        if (changedMeanwhile) throw new AppError('CONFLICT', patientImportMessages.changedMeanwhile);
        throw error;
      }
    },
  };
}

export type PatientCsvService = ReturnType<typeof createPatientCsvService>;
