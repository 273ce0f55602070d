import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import { bills, birthDateOfAge, clinicToday, partners, patientAge, patients, slots } from '../../db/schema';

type PatientRow = typeof patients.$inferSelect;

/** A patient as a booking, a prescription or a bill types them in. */
export interface PatientDetails {
  partnerId: string;
  name: string;
  mobile: string;
  age: number | null;
  gender: PatientRow['gender'];
}

/** The columns a patient's record is written with, beyond its clinic, number and first visit. */
export type PatientRecordValues = Omit<
  typeof patients.$inferInsert,
  'id' | 'partner_id' | 'patient_number' | 'first_seen_on' | 'created_at' | 'updated_at'
>;

/** A patient as bookings, prescriptions and bills know them: who, and their age today. */
function patientColumns(now: Date) {
  return {
    id: patients.id,
    name: patients.name,
    mobile: patients.mobile,
    age: patientAge(now),
    gender: patients.gender,
  };
}

/** The date of birth an age stands for: approximate, the clinic's today `age` years back. */
export function approximateBirthDate(partnerId: string, age: number, now: Date) {
  return { date_of_birth: birthDateOfAge(partnerId, age, now), date_of_birth_approximate: true };
}

/** The clinic's today at `now`, in its own time zone. */
export async function findClinicToday(db: Db, partnerId: string, now: Date): Promise<string> {
  const [row] = await db
    .select({ today: sql<string>`${clinicToday(partnerId, now)}::text` })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!row) throw new Error('The caller’s partner does not exist');
  return row.today;
}

/**
 * The clinic's next patient number, "1", "2", …: the counter on the partner's row moved with
 * `UPDATE … RETURNING`, which holds that row until `db`'s transaction ends, so two desks adding
 * at once get two numbers in turn. A number some patient already has (typed in by hand) is
 * skipped.
 */
export async function takeNextPatientNumber(db: Db, partnerId: string): Promise<string> {
  for (;;) {
    const { last } = returnedRow(
      await db
        .update(partners)
        .set({ last_patient_number: sql`${partners.last_patient_number} + 1` })
        .where(eq(partners.id, partnerId))
        .returning({ last: partners.last_patient_number }),
    );
    const number = String(last);
    if (!(await findPatientByNumber(db, { partnerId, patientNumber: number }))) return number;
  }
}

/** The partner's patient with this number, whatever its case (patients_partner_number_key). */
export async function findPatientByNumber(db: Db, ids: { partnerId: string; patientNumber: string }) {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.partner_id, ids.partnerId),
        eq(sql`lower(${patients.patient_number})`, ids.patientNumber.toLowerCase()),
      ),
    );
  return row;
}

/**
 * The partner's patient with this (normalised) mobile, served by the unique (partner_id, mobile)
 * index; with `lock`, held until `db`'s transaction ends.
 */
export async function findPatientByMobile(
  db: Db,
  ids: { partnerId: string; mobile: string; now: Date },
  options: { lock?: boolean } = {},
) {
  const query = db
    .select(patientColumns(ids.now))
    .from(patients)
    .where(and(eq(patients.partner_id, ids.partnerId), eq(patients.mobile, ids.mobile)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/**
 * A new patient of the partner with the details a booking, a prescription or a bill typed. A
 * patient inserted meanwhile under the same mobile (another desk, the same moment) is returned
 * instead, changed as `overwrite` says, and its row held until `db`'s transaction ends.
 */
export async function insertPatientOfDetails(
  db: Db,
  patient: PatientDetails & { patientNumber: string; overwrite: boolean; now: Date },
) {
  return returnedRow(
    await db
      .insert(patients)
      .values({
        partner_id: patient.partnerId,
        patient_number: patient.patientNumber,
        name: patient.name,
        mobile: patient.mobile,
        gender: patient.gender,
        first_seen_on: clinicToday(patient.partnerId, patient.now),
        ...(patient.age === null ? {} : approximateBirthDate(patient.partnerId, patient.age, patient.now)),
      })
      .onConflictDoUpdate({
        target: [patients.partner_id, patients.mobile],
        // Setting a column to itself still returns the row; a DO NOTHING would return none.
        set: patient.overwrite ? typedDetails(patient) : { mobile: sql`excluded.mobile` },
      })
      .returning(patientColumns(patient.now)),
  );
}

/**
 * What a known patient takes from details typed over them: the name, and the gender and age
 * when given. An age that is already the patient's keeps the date of birth it comes from.
 */
function typedDetails(details: PatientDetails & { now: Date }) {
  const age = details.age;
  return {
    name: details.name,
    ...(details.gender === null ? {} : { gender: details.gender }),
    ...(age === null
      ? {}
      : {
          date_of_birth: sql`case when ${patientAge(details.now)} is distinct from ${age}::int then ${birthDateOfAge(details.partnerId, age, details.now)} else ${patients.date_of_birth} end`,
          date_of_birth_approximate: sql`case when ${patientAge(details.now)} is distinct from ${age}::int then true else ${patients.date_of_birth_approximate} end`,
        }),
    updated_at: details.now,
  };
}

/** Writes the details typed at a booking or a prescription over the partner's known patient. */
export async function overwritePatientDetails(
  db: Db,
  change: PatientDetails & { patientId: string; now: Date },
) {
  return returnedRow(
    await db
      .update(patients)
      .set(typedDetails(change))
      .where(and(eq(patients.id, change.patientId), eq(patients.partner_id, change.partnerId)))
      .returning(patientColumns(change.now)),
  );
}

/** A patient added to the registry by hand, first seen today; the age, when given, is kept as a date of birth. */
export async function insertPatient(
  db: Db,
  patient: {
    partnerId: string;
    patientNumber: string;
    age: number | null;
    now: Date;
    values: PatientRecordValues;
  },
): Promise<string> {
  const { id } = returnedRow(
    await db
      .insert(patients)
      .values({
        ...patient.values,
        partner_id: patient.partnerId,
        patient_number: patient.patientNumber,
        first_seen_on: clinicToday(patient.partnerId, patient.now),
        ...(patient.age === null ? {} : approximateBirthDate(patient.partnerId, patient.age, patient.now)),
      })
      .returning({ id: patients.id }),
  );
  return id;
}

/** Changes the partner's patient's record; false when the partner has no such patient. */
export async function updatePatient(
  db: Db,
  change: {
    partnerId: string;
    patientId: string;
    patientNumber?: string;
    age?: number | null;
    now: Date;
    values: Partial<PatientRecordValues>;
  },
): Promise<boolean> {
  const changed = await db
    .update(patients)
    .set({
      ...change.values,
      ...(change.patientNumber === undefined ? {} : { patient_number: change.patientNumber }),
      ...(change.age == null ? {} : approximateBirthDate(change.partnerId, change.age, change.now)),
      updated_at: change.now,
    })
    .where(and(eq(patients.id, change.patientId), eq(patients.partner_id, change.partnerId)))
    .returning({ id: patients.id });
  return changed.length > 0;
}

/** Gives the partner's patient a new name; false when the partner has no such patient. */
export async function renamePatient(
  db: Db,
  change: { partnerId: string; patientId: string; name: string; now: Date },
): Promise<boolean> {
  const renamed = await db
    .update(patients)
    .set({ name: change.name, updated_at: change.now })
    .where(and(eq(patients.id, change.patientId), eq(patients.partner_id, change.partnerId)))
    .returning({ id: patients.id });
  return renamed.length > 0;
}

/**
 * A patient as the registry answers them, in one query: the record, the age today, the last
 * visit (the latest booking not cancelled, up to today, by slots_patient_id_idx) and what
 * their live bills still owe (by bills_patient_idx). Read joined with `partners`: the join
 * has Drizzle qualify each column, as the sub-selects need.
 */
export function registryColumns(now: Date) {
  return {
    id: patients.id,
    patient_number: patients.patient_number,
    name: patients.name,
    mobile: patients.mobile,
    gender: patients.gender,
    age: patientAge(now),
    last_visit_date: sql<
      string | null
    >`(select max(${slots.date})::text from ${slots} where ${slots.patient_id} = ${patients.id} and ${slots.status} <> 'cancelled' and ${slots.date} <= ${clinicToday(patients.partner_id, now)})`.as(
      'last_visit_date',
    ),
    balance_paise:
      sql<number>`(select coalesce(sum(${bills.final_paise} - ${bills.paid_paise}), 0)::bigint from ${bills} where ${bills.patient_id} = ${patients.id} and ${bills.deleted_at} is null)`.mapWith(
        Number,
      ),
    date_of_birth: patients.date_of_birth,
    date_of_birth_approximate: patients.date_of_birth_approximate,
    address: patients.address,
    email: patients.email,
    blood_group: patients.blood_group,
    allergies: patients.allergies,
    medical_alerts: patients.medical_alerts,
    alert_notes: patients.alert_notes,
    notes: patients.notes,
    first_seen_on: patients.first_seen_on,
  };
}

export type RegistryRow = NonNullable<Awaited<ReturnType<typeof findRegistryPatient>>>;

/** The partner's patient's whole record as the registry answers it; undefined when the partner has none such. */
export async function findRegistryPatient(db: Db, ids: { partnerId: string; patientId: string; now: Date }) {
  const [row] = await db
    .select(registryColumns(ids.now))
    .from(patients)
    .innerJoin(partners, eq(partners.id, patients.partner_id))
    .where(and(eq(patients.id, ids.patientId), eq(patients.partner_id, ids.partnerId)));
  return row;
}

/** `text` for a LIKE pattern, its wildcards and escape taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What a search typed asks for: the text as a patient number, its digits as part of a mobile
 * (3 or more, a search of digits alone; the last 10 of a number written with +91), and the
 * lowered text as the start of a word of the name (a search with letters).
 */
function searchTerms(query: string) {
  const text = query.trim().replace(/\s+/g, ' ').toLowerCase();
  const digits = /^[\d\s+()-]+$/.test(text) ? text.replace(/\D/g, '').slice(-10) : '';
  return {
    number: text,
    digits: digits.length >= 3 ? likeLiteral(digits) : undefined,
    name: /\p{L}/u.test(text) ? likeLiteral(text) : undefined,
  };
}

/**
 * How well a patient answers the search, best first: the exact patient number, a mobile
 * ending in the digits, a mobile holding them elsewhere, a name starting with the text, a
 * name with a later word starting with it. The filter is the union of what each index serves:
 * patients_partner_number_key, patients_mobile_trgm_idx and patients_name_words_trgm_idx.
 */
function searchMatch(query: string): { filter: SQL; rank: SQL<number> } {
  const terms = searchTerms(query);
  const numberMatch = sql`lower(${patients.patient_number}) = ${terms.number}`;
  const mobileMatch = terms.digits ? sql`${patients.mobile} like ${`%${terms.digits}%`}` : sql`false`;
  const wordMatch = terms.name
    ? sql`(' ' || lower(${patients.name})) like ${`% ${terms.name}%`}`
    : sql`false`;
  const mobileEnd = terms.digits ? sql`${patients.mobile} like ${`%${terms.digits}`}` : sql`false`;
  const nameStart = terms.name ? sql`lower(${patients.name}) like ${`${terms.name}%`}` : sql`false`;
  return {
    filter: sql`(${numberMatch} or ${mobileMatch} or ${wordMatch})`,
    rank: sql<number>`case when ${numberMatch} then 0 when ${mobileEnd} then 1 when ${mobileMatch} then 2 when ${nameStart} then 3 else 4 end`,
  };
}

/**
 * A page of the partner's patients matching `query` (all of them when blank), best matches
 * first (`searchMatch`), each rank by last visit, newest first, then by name; and how many match.
 */
export async function searchPatients(
  db: Db,
  search: { partnerId: string; query: string | undefined; limit: number; page: number; now: Date },
) {
  const match = search.query?.trim() ? searchMatch(search.query) : undefined;
  const where = and(eq(patients.partner_id, search.partnerId), match?.filter);
  const columns = registryColumns(search.now);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(patients)
      .innerJoin(partners, eq(partners.id, patients.partner_id))
      .where(where)
      .orderBy(
        ...(match ? [asc(match.rank)] : []),
        sql`last_visit_date desc nulls last`,
        asc(patients.name),
        asc(patients.id),
      )
      .limit(search.limit)
      .offset((search.page - 1) * search.limit),
    db.select({ total: count() }).from(patients).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
