import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import { clinicToday, partners, patients } from '../../db/schema';
import { approximateBirthDate, type PatientRecordValues, registryColumns } from './patients.repository';

/** Values per statement, well under PostgreSQL's 65,535 parameters for the largest file the CLI reads. */
const chunkSize = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += chunkSize)
    result.push(items.slice(start, start + chunkSize));
  return result;
}

/** Every patient of the partner as the registry answers them, in the order they were added (an import's by number). */
export function listPatientsForExport(db: Db, partnerId: string, now: Date) {
  return db
    .select(registryColumns(now))
    .from(patients)
    .innerJoin(partners, eq(partners.id, patients.partner_id))
    .where(and(eq(patients.partner_id, partnerId), isNull(patients.merged_into_id)))
    .orderBy(asc(patients.created_at), sql`lower(${patients.patient_number})`);
}

/**
 * The partner's patients holding any of these mobiles (live ones: each with its `name_key`) or
 * (lowered) patient numbers (any patient): those an import finds already there.
 */
export async function findPatientsHolding(
  db: Db,
  partnerId: string,
  held: { mobiles: string[]; numbers: string[] },
) {
  const columns = {
    name: patients.name,
    nameKey: patients.name_key,
    mobile: patients.mobile,
    number: sql<string>`lower(${patients.patient_number})`,
  };
  const found: { name: string; nameKey: string; mobile: string; number: string }[] = [];
  for (const mobiles of chunks(held.mobiles)) {
    found.push(
      ...(await db
        .select(columns)
        .from(patients)
        .where(
          and(
            eq(patients.partner_id, partnerId),
            inArray(patients.mobile, mobiles),
            isNull(patients.merged_into_id),
          ),
        )),
    );
  }
  for (const numbers of chunks(held.numbers)) {
    found.push(
      ...(await db
        .select(columns)
        .from(patients)
        .where(
          and(eq(patients.partner_id, partnerId), inArray(sql`lower(${patients.patient_number})`, numbers)),
        )),
    );
  }
  return found;
}

/**
 * `count` of the clinic's next patient numbers, in one move of the partner's counter (which
 * holds its row until `db`'s transaction ends, as `takeNextPatientNumber` does); a number a
 * patient already has or `inFile` holds (lowered) is skipped and another taken instead.
 */
export async function takePatientNumbers(
  db: Db,
  partnerId: string,
  count: number,
  inFile: ReadonlySet<string>,
): Promise<string[]> {
  const numbers: string[] = [];
  while (numbers.length < count) {
    const wanted = count - numbers.length;
    const { last } = returnedRow(
      await db
        .update(partners)
        .set({ last_patient_number: sql`${partners.last_patient_number} + ${wanted}` })
        .where(eq(partners.id, partnerId))
        .returning({ last: partners.last_patient_number }),
    );
    const candidates = Array.from({ length: wanted }, (_, index) => String(last - wanted + 1 + index));
    const held = new Set(
      (await findPatientsHolding(db, partnerId, { mobiles: [], numbers: candidates })).map(
        (row) => row.number,
      ),
    );
    numbers.push(...candidates.filter((number) => !held.has(number) && !inFile.has(number)));
  }
  return numbers;
}

/** Patients read from a file, first seen today; an age is kept as an approximate date of birth. */
export async function insertImportedPatients(
  db: Db,
  import_: {
    partnerId: string;
    now: Date;
    patients: { patientNumber: string; age: number | null; values: PatientRecordValues }[];
  },
): Promise<void> {
  for (const batch of chunks(import_.patients)) {
    await db.insert(patients).values(
      batch.map((patient) => ({
        ...patient.values,
        partner_id: import_.partnerId,
        patient_number: patient.patientNumber,
        first_seen_on: clinicToday(import_.partnerId, import_.now),
        ...(patient.age === null ? {} : approximateBirthDate(import_.partnerId, patient.age, import_.now)),
      })),
    );
  }
}
