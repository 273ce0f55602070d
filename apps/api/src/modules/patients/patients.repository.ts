import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type PgSetOperatorWithResult, union, unionAll } from 'drizzle-orm/pg-core';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import {
  bills,
  birthDateOfAge,
  clinicToday,
  partners,
  patientAge,
  patientNameKey,
  patientNameWords,
  patients,
  slots,
} from '../../db/schema';

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

/** The partner's live patients (not merged into another) this condition names, as bookings know them. */
function livePatients(db: Db, where: SQL | undefined, now: Date) {
  return db
    .select(patientColumns(now))
    .from(patients)
    .where(and(where, isNull(patients.merged_into_id)));
}

/**
 * The partner's live patient with this (normalised) mobile and this name, compared as
 * `name_key` (patients_partner_mobile_name_key); with `lock`, held until `db`'s transaction ends.
 */
export async function findPatientByMobileAndName(
  db: Db,
  ids: { partnerId: string; mobile: string; name: string; now: Date },
  options: { lock?: boolean } = {},
) {
  const query = livePatients(
    db,
    and(
      eq(patients.partner_id, ids.partnerId),
      eq(patients.mobile, ids.mobile),
      eq(patients.name_key, patientNameKey(ids.name)),
    ),
    ids.now,
  );
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The partner's live patient with this id; with `lock`, held until `db`'s transaction ends. */
export async function findLivePatient(
  db: Db,
  ids: { partnerId: string; patientId: string; now: Date },
  options: { lock?: boolean } = {},
) {
  const query = livePatients(
    db,
    and(eq(patients.partner_id, ids.partnerId), eq(patients.id, ids.patientId)),
    ids.now,
  );
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** Every live patient of the partner on this mobile (a family shares a phone), by name. */
export function listPatientsOfMobile(db: Db, ids: { partnerId: string; mobile: string; now: Date }) {
  return livePatients(
    db,
    and(eq(patients.partner_id, ids.partnerId), eq(patients.mobile, ids.mobile)),
    ids.now,
  ).orderBy(asc(patients.name_key), asc(patients.id));
}

/** The partner's other live patients on a patient's mobile (their family), by name. */
export function listFamilyOf(
  db: Db,
  ids: { partnerId: string; patientId: string; mobile: string; now: Date },
) {
  return db
    .select({
      id: patients.id,
      patient_number: patients.patient_number,
      name: patients.name,
      gender: patients.gender,
      age: patientAge(ids.now),
    })
    .from(patients)
    .where(
      and(
        eq(patients.partner_id, ids.partnerId),
        eq(patients.mobile, ids.mobile),
        ne(patients.id, ids.patientId),
        isNull(patients.merged_into_id),
      ),
    )
    .orderBy(asc(patients.name_key), asc(patients.id));
}

/**
 * A new patient of the partner with the details a booking, a prescription or a bill typed. A
 * patient inserted meanwhile under the same mobile and name (another desk, the same moment) is
 * returned instead, changed as `overwrite` says, and its row held until `db`'s transaction ends.
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
        target: [patients.partner_id, patients.mobile, patients.name_key],
        targetWhere: isNull(patients.merged_into_id),
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

/** Changes the partner's patient's record (the caller has found and holds it). */
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
): Promise<void> {
  await db
    .update(patients)
    .set({
      ...change.values,
      ...(change.patientNumber === undefined ? {} : { patient_number: change.patientNumber }),
      ...(change.age == null ? {} : approximateBirthDate(change.partnerId, change.age, change.now)),
      updated_at: change.now,
    })
    .where(and(eq(patients.id, change.patientId), eq(patients.partner_id, change.partnerId)));
}

/** The states of a booking that are a visit: the patient came (decision 043). */
const visitStates = ['showed_up', 'called', 'completed'] as const;

/**
 * Sets the partner's patients' last visit again from their bookings: the latest date one of
 * them showed up, was called or completed (slots_patient_id_idx). Called in the transaction
 * that changed a booking's state, date or patient. The rows are held first, in one order, so
 * the dates are read after any other change to these patients' bookings has committed.
 */
export async function refreshLastVisit(db: Db, ids: { partnerId: string; patientIds: readonly string[] }) {
  const patientIds = [...new Set(ids.patientIds)].sort();
  if (patientIds.length === 0) return;
  const theirs = and(eq(patients.partner_id, ids.partnerId), inArray(patients.id, patientIds));
  await db.select({ id: patients.id }).from(patients).where(theirs).orderBy(asc(patients.id)).for('update');
  await db
    .update(patients)
    .set({
      last_visit_on: sql`(select max(${slots.date}) from ${slots} where ${slots.patient_id} = ${patients.id} and ${inArray(slots.status, [...visitStates])})`,
    })
    .where(theirs);
}

/**
 * A patient as the registry answers them, in one query: the record, the age today, the last
 * visit (kept on the patient, decision 043) and what their live bills still owe (by
 * bills_patient_idx). Read joined with `partners`: the join has Drizzle qualify each column,
 * as the sub-select needs.
 */
export function registryColumns(now: Date, locationIds: readonly string[] | null = null) {
  // A member of staff sees what is owed at the locations they work at (issue 23); an owner, all.
  const atTheirLocations =
    locationIds === null ? sql`` : sql` and ${inArray(bills.location_id, [...locationIds]) ?? sql`false`}`;
  return {
    id: patients.id,
    patient_number: patients.patient_number,
    name: patients.name,
    mobile: patients.mobile,
    gender: patients.gender,
    age: patientAge(now),
    last_visit_date: patients.last_visit_on,
    balance_paise:
      sql<number>`(select coalesce(sum(${bills.final_paise} - ${bills.paid_paise}), 0)::bigint from ${bills} where ${bills.patient_id} = ${patients.id} and ${bills.deleted_at} is null${atTheirLocations})`.mapWith(
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
    merged_into_id: patients.merged_into_id,
  };
}

export type RegistryRow = NonNullable<Awaited<ReturnType<typeof findRegistryPatient>>>;

/** The partner's patient's whole record as the registry answers it; undefined when the partner has none such. */
export async function findRegistryPatient(
  db: Db,
  ids: { partnerId: string; patientId: string; now: Date; locationIds?: readonly string[] | null },
) {
  const [row] = await db
    .select(registryColumns(ids.now, ids.locationIds))
    .from(patients)
    .innerJoin(partners, eq(partners.id, patients.partner_id))
    .where(and(eq(patients.id, ids.patientId), eq(patients.partner_id, ids.partnerId)));
  return row;
}

/** `text` for a LIKE pattern, its wildcards and escape taken literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What a search typed asks for: the text as a patient number, its digits as part of a mobile
 * (3 or more, a search of digits alone; the last 10 of a number written with +91), and the
 * lowered text as the start of a word of the name (a search with letters), with its first
 * word as typed (`firstWord`), whole when more words follow it.
 */
function searchTerms(query: string) {
  const text = query.trim().replace(/\s+/g, ' ').toLowerCase();
  const digits = /^[\d\s+()-]+$/.test(text) ? text.replace(/\D/g, '').slice(-10) : '';
  const [firstWord = '', ...otherWords] = text.split(' ');
  return {
    number: text,
    digits: digits.length >= 3 ? likeLiteral(digits) : undefined,
    name: /\p{L}/u.test(text) ? { text, firstWord, wholeFirstWord: otherWords.length > 0 } : undefined,
  };
}

/**
 * How well a patient answers the search, best first: the exact patient number (its one patient
 * looked up once by patients_partner_number_key), a mobile ending in the digits, a mobile
 * holding them (patients_mobile_trgm_idx), a name starting with the text, any word of the name
 * starting with it. A common name start walks patients_partner_last_visit_idx in page order, a
 * rare one reads patients_partner_name_idx; neither touches the table. Any word is read from
 * patient_name_words (decision 045): one start's words walked in page order, or a rare word's
 * read and sorted; a text whose first word is shorter than a start (one or two letters) walks
 * the patients instead. A rank's condition takes in the better ranks' patients (no "and not a
 * better rank": the planner would guess such a condition's matches as if independent, and
 * walk the whole index for a text whose matches are all of a better rank), and the page keeps
 * each patient at their best rank. `matches` find every match, for the count.
 */
function searchRanks(db: Db, live: SQL, partnerId: string, query: string) {
  const terms = searchTerms(query);
  const numberMatch = sql`${patients.id} = (select number_holder.id from ${patients} as number_holder where number_holder.partner_id = ${partnerId} and lower(number_holder.patient_number) = ${terms.number})`;
  const byNumber = patientsRank(db, live, numberMatch, { overlaps: false });
  const ranks: SearchRank[] = [];
  const matches: SearchMatches[] = [];
  if (terms.digits) {
    const anywhere = sql`${patients.mobile} like ${`%${terms.digits}%`}`;
    const ending = sql`${patients.mobile} like ${`%${terms.digits}`}`;
    ranks.push(
      patientsRank(db, live, ending, { sorted: true }),
      patientsRank(db, live, anywhere, { sorted: true, within: ending }),
    );
    matches.push(patientsMatching(db, live, anywhere));
  }
  if (terms.name) {
    const { text, firstWord, wholeFirstWord } = terms.name;
    const nameStart = sql`lower(${patients.name}) like ${`${likeLiteral(text)}%`}`;
    ranks.push(patientsRank(db, live, nameStart, {}));
    const start = [...firstWord].slice(0, wordStartLength).join('');
    if (start.length === wordStartLength || wholeFirstWord) {
      const words = and(
        eq(patientNameWords.partner_id, partnerId),
        eq(patientNameWords.word_start, start),
        wholeFirstWord
          ? and(
              eq(patientNameWords.word, firstWord),
              sql`(' ' || lower(${patientNameWords.name})) like ${`% ${likeLiteral(text)}%`}`,
            )
          : firstWord === start
            ? undefined
            : sql`left(${patientNameWords.word}, ${[...firstWord].length}) = ${firstWord}`,
      ) as SQL;
      ranks.push(nameWordsRank(db, words, sql`${live} and ${nameStart}`));
      matches.push((limit) => {
        const found = distinctNameWords(db, words, limit);
        return db.select({ id: found.id }).from(found);
      });
    } else {
      const wordStart = sql`(' ' || lower(${patients.name})) like ${`% ${likeLiteral(text)}%`}`;
      ranks.push(patientsRank(db, live, wordStart, { within: nameStart }));
      matches.push(patientsMatching(db, live, wordStart));
    }
  }
  return { first: { rank: byNumber, matches: patientsMatching(db, live, numberMatch) }, ranks, matches };
}

/** One rank of the search: its patients in page order, cut for a page ending at `end`. */
type SearchRank = (rank: number, end: number) => SetQuery<{ id: string; rank: number }>;
/** One kind of match: its first `limit` patients, for the count. */
type SearchMatches = (limit: number) => SetQuery<{ id: string }>;
/** A query a set operation (union) takes, answering `Row`s. */
type SetQuery<Row> = PgSetOperatorWithResult<Row[]> & TypedQueryBuilder<unknown, Row[]>;

/** How many letters of a word patient_name_words keys its walk by (`word_start`). */
const wordStartLength = 3;

/**
 * A rank's patients in page order, cut at the page's end `end` (twice that and one where the
 * rank may hold better ranks' patients, `overlaps`, the default). A rank `within` another (its
 * matches hold that one's) is read only when that one has fewer than `end`: an InitPlan the
 * planner makes a one-time filter, so four digits ending 100 mobiles leave the mobiles holding
 * them elsewhere unread.
 */
function patientsRank(
  db: Db,
  live: SQL,
  match: SQL,
  how: { overlaps?: boolean; sorted?: boolean; within?: SQL },
) {
  return (rank: number, end: number) =>
    db
      .select({ id: patients.id, rank: rankColumn(rank) })
      .from(patients)
      .where(and(live, match, how.within && fewerThan(db, sql`${live} and ${how.within}`, end)))
      .orderBy(...(how.sorted ? sortedVisitOrder : visitOrder))
      .limit(how.overlaps === false ? end : 2 * end + 1);
}

/** Patients with a word starting with the text (`words`), read when the better `nameStart` falls short of the page. */
function nameWordsRank(db: Db, words: SQL, nameStart: SQL) {
  return (rank: number, end: number) => {
    const found = distinctNameWords(db, sql`${words} and ${fewerThan(db, nameStart, end)}`, 2 * end + 1);
    return db.select({ id: found.id, rank: rankColumn(rank) }).from(found);
  };
}

/**
 * The first `limit` patients, in page order, of the name words `match` finds; a patient with
 * two such words ("Ram Ramesh") once. The index's order serves the order and the distinct.
 */
function distinctNameWords(db: Db, match: SQL, limit: number) {
  return db
    .selectDistinct({
      id: patientNameWords.patient_id,
      last_visit_on: patientNameWords.last_visit_on,
      name: patientNameWords.name,
    })
    .from(patientNameWords)
    .where(match)
    .orderBy(
      sql`${patientNameWords.last_visit_on} desc nulls last`,
      asc(patientNameWords.name),
      asc(patientNameWords.patient_id),
    )
    .limit(limit)
    .as('found');
}

/** The first `limit` live patients `match` finds, for the count. */
function patientsMatching(db: Db, live: SQL, match: SQL) {
  return (limit: number) =>
    db.select({ id: patients.id }).from(patients).where(and(live, match)).limit(limit);
}

/** Whether fewer than `end` live patients answer `condition`, counting no further. */
function fewerThan(db: Db, condition: SQL, end: number) {
  return sql`(select count(*) from (${db.select({ one: sql`1` }).from(patients).where(condition).limit(end)}) as better) < ${end}`;
}

const rankColumn = (rank: number) => sql<number>`${rank}::int`.as('rank');

/** The registry's order within a rank: last visit, newest first (never-seen last), then name. */
const visitOrder = [sql`${patients.last_visit_on} desc nulls last`, asc(patients.name), asc(patients.id)];
/**
 * The same order in terms no index gives, so the planner sorts the matches rather than walk
 * patients_partner_last_visit_idx: a mobile is not in that index, and a walk reading the table
 * for each patient until enough mobiles match (the planner guessing digits far commoner than
 * they are) took 20–40 ms at 100,000 patients.
 */
const sortedVisitOrder = [
  sql`(${patients.last_visit_on} + 0) desc nulls last`,
  asc(patients.name),
  asc(patients.id),
];

/**
 * How far the count of matches goes (decision 043): past 1,000 the list says "1,000+", as an
 * exact count of a common name start reads every match.
 */
export const patientCountCap = 1000;

/**
 * A page of the partner's live patients matching `query` (all of them when blank), best
 * matches first (`searchRanks`), each rank by last visit, newest first, then by name; and how
 * many match, counted up to `patientCountCap` or just past the page, whichever is further
 * (`capped`: more match than `total`). Each rank is its own query, ordered and cut at the
 * page's end, so a common name's work is bounded by the page rather than by its matches.
 */
export async function searchPatients(
  db: Db,
  search: {
    partnerId: string;
    query: string | undefined;
    limit: number;
    page: number;
    now: Date;
    /** Whose balances: the locations the caller works at, null for an owner (all). */
    locationIds: readonly string[] | null;
  },
) {
  const live = and(eq(patients.partner_id, search.partnerId), isNull(patients.merged_into_id)) as SQL;
  const { first, ranks, matches } = search.query?.trim()
    ? searchRanks(db, live, search.partnerId, search.query)
    : {
        first: {
          rank: patientsRank(db, live, sql`true`, { overlaps: false }),
          matches: patientsMatching(db, live, sql`true`),
        },
        ranks: [],
        matches: [],
      };
  const offset = (search.page - 1) * search.limit;
  const end = offset + search.limit;
  const [second, ...rest] = ranks.map((rank, index) => rank(index + 1, end));
  const found = (second ? unionAll(first.rank(0, end), second, ...rest) : first.rank(0, end)).as('found');
  const best = db
    .select({ id: found.id, rank: sql<number>`min(${found.rank})`.as('best_rank') })
    .from(found)
    .groupBy(found.id)
    .as('best');
  // Each kind of match counted up to the bound: their union reaches it only when one does.
  const bound = Math.max(patientCountCap, end) + 1;
  const [secondMatches, ...restMatches] = matches.map((match) => match(bound));
  const matched = (
    secondMatches ? union(first.matches(bound), secondMatches, ...restMatches) : first.matches(bound)
  ).as('matched');
  const [rows, [counted]] = await Promise.all([
    db
      .select(registryColumns(search.now, search.locationIds))
      .from(best)
      .innerJoin(patients, eq(patients.id, best.id))
      .innerJoin(partners, eq(partners.id, patients.partner_id))
      .orderBy(asc(best.rank), ...visitOrder)
      .limit(search.limit)
      .offset(offset),
    db.select({ total: count() }).from(matched),
  ]);
  const total = counted?.total ?? 0;
  return { rows, total: Math.min(total, bound - 1), capped: total >= bound };
}
