// The patient registry's search at scale (issue 21 "Speed"): one clinic's patients and their
// bookings generated with SQL, then the repository's own `searchPatients` timed over a stated
// mix of searches, and the timeline of a patient with 200 visits through the timeline service.
// PostgreSQL at 10,000 then 1,000,000 patients (a scratch database on BENCH_DATABASE_URL or
// TEST_DATABASE_URL, dropped after), and PGlite at 100,000.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../apps/api/src/db/database';
import * as schema from '../apps/api/src/db/schema';
import type { Caller } from '../apps/api/src/modules/access/authenticate';
import { searchPatients } from '../apps/api/src/modules/patients/patients.repository';
import { createPatientTimelineService } from '../apps/api/src/modules/patients/patients.timeline.service';

const migrationsDir = fileURLToPath(new URL('../apps/api/src/db/migrations', import.meta.url));
/** The clinic's sizes on PostgreSQL, smallest first; BENCH_POSTGRES_SIZES=10000 tries the bench quickly. */
const postgresSizes = (process.env.BENCH_POSTGRES_SIZES ?? '10000,1000000').split(',').map(Number);
const pgliteSize = 100_000;
/** Searches of each kind timed at each size, after `warmUps` untimed ones. */
const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 100);
const warmUps = 10;
/** The registry screen's page. */
const pageSize = 20;

const firstNames = (
  'Aarav Aarti Abhay Abhishek Aditi Aditya Ajay Akash Akshay Amit Amrita Ananya Anil Anita ' +
  'Anjali Ankit Anand Anupama Arjun Arun Asha Ashok Ayesha Bhavna Chetan Chitra Deepa Deepak ' +
  'Dev Dinesh Divya Farhan Fatima Ganesh Gauri Geeta Gopal Harish Hema Imran Isha Jaya Jyoti ' +
  'Kabir Kamala Karan Kavita Kiran Krishna Lakshmi Lata Madhav Mahesh Manish Manoj Meena ' +
  'Mohan Mukesh Nandini Naveen Neha Nikhil Nisha Pallavi Pankaj Parvati Pooja Prakash Pranav ' +
  'Prashant Pratibha Preeti Priya Priyanka Rahul Raj Rajesh Rakesh Ramesh Rani Ravi Rekha ' +
  'Ritu Rohan Rohit Sachin Sagar Sameer Sandeep Sangeeta Sanjay Sarita Savita Shalini Shankar ' +
  'Sharad Shilpa Shreya Shweta Siddharth Sneha Sonal Sudha Sunil Sunita Suresh Swati Tanvi ' +
  'Uma Usha Varun Vidya Vijay Vikram Vinod Vishal Yash Yogesh Zoya Zubair'
).split(' ');
const surnames = (
  'Agarwal Ahmed Bajaj Banerjee Bhat Bhatt Bose Chakraborty Chatterjee Chaudhary Chavan Das ' +
  'Desai Deshmukh Deshpande Dubey Dutta Gaikwad Ghosh Gill Goswami Gupta Hegde Iyengar Iyer ' +
  'Jadhav Jain Joshi Kamat Kapoor Khan Khanna Kulkarni Kumar Lal Malhotra Mehta Menon Mishra ' +
  'More Mukherjee Naidu Nair Pandey Parekh Patel Patil Pawar Pillai Prasad Qureshi Rao ' +
  'Rathore Reddy Saxena Sawant Sen Sethi Shah Sharma Shetty Shinde Shukla Singh Sinha ' +
  'Srinivasan Subramanian Thakur Tiwari Trivedi Varma Verma Yadav Kaur Krishnan Mathew Thomas ' +
  'Fernandes DSouza Naik'
).split(' ');

const textArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

/**
 * Patient k (1, 2, …) in the same terms in SQL and here. The name: a first name and a surname
 * (9,600 combinations); the mobile: a leading 6 to 9, then k spread over nine digits (7919 is
 * prime to 10^9, so no two patients share one, as patients_partner_mobile_key wants); the
 * number: k, or for one patient in twenty one kept from another system, "SDC-0042".
 */
const nameOf = (k: string) =>
  `(${textArray(firstNames)})[1 + ${k} % ${firstNames.length}] || ' ' || (${textArray(surnames)})[1 + (${k} / ${firstNames.length}) % ${surnames.length}]`;
const mobileOf = (k: string) =>
  `(6 + ${k} % 4)::text || lpad(((${k}::bigint * 7919) % 1000000000)::text, 9, '0')`;
const numberOf = (k: string) =>
  `case when ${k} % 20 = 0 then 'SDC-' || lpad(${k}::text, greatest(4, length(${k}::text)), '0') else ${k}::text end`;
const mobileOfPatient = (k: number) => `${6 + (k % 4)}${String((k * 7919) % 1_000_000_000).padStart(9, '0')}`;
const numberOfPatient = (k: number) => (k % 20 === 0 ? `SDC-${String(k).padStart(4, '0')}` : String(k));

/** Patients from..to of the clinic, with a gender, an approximate date of birth and a first visit. */
const insertPatients = (partnerId: string, from: number, to: number) => `
  insert into patients (partner_id, patient_number, name, mobile, gender, date_of_birth,
    date_of_birth_approximate, first_seen_on)
  select '${partnerId}', ${numberOf('k')}, ${nameOf('k')}, ${mobileOf('k')},
    case when k % 2 = 0 then 'female' else 'male' end,
    (current_date - make_interval(years => 1 + (k * 37) % 85))::date, true,
    current_date - (k % 1500)
  from generate_series(${from}, ${to}) as k`;

/**
 * Bookings of patients from..to: two in five have one to three visits over the three years to
 * a fortnight ahead, one in twelve cancelled. Which patients, by a hash of k: by k itself (k % 5)
 * they were the same first names every time (120 first names, a multiple of 5), and three
 * first names in five never came. Each booking j after the `already` there has its
 * own date and token in the one queue, as slots_active_start_key and slots_token_key want.
 */
const insertBookings = (
  ids: { partnerId: string; queueId: string },
  from: number,
  to: number,
  already: number,
) => `
  with visits as (
    select k, ${already} + row_number() over (order by k, visit) as j
    from generate_series(${from}, ${to}) as k, generate_series(1, 1 + abs(hashint4(k)) % 3) as visit
    where abs(hashint4(k)) % 5 < 2
  ), dated as (
    select k, j, current_date + 14 - (j % 1110)::int as day, (j / 1110 + 1)::int as token from visits
  )
  insert into slots (partner_id, queue_id, patient_id, date, start_time, end_time, token_number, status)
  select '${ids.partnerId}', '${ids.queueId}', patients.id, day,
    time '00:00' + token * interval '1 minute', time '00:01' + token * interval '1 minute', token,
    case when j % 12 = 0 then 'cancelled' when day > current_date then 'booked' else 'completed' end
  from dated join patients on patients.partner_id = '${ids.partnerId}' and patients.mobile = ${mobileOf('k')}`;

/** The last visits of the patients loaded, as migration 0020 fills them (decision 043). */
const fillLastVisits = (partnerId: string) => `
  update patients set last_visit_on = visits.last_visit_on
  from (select patient_id, max(date) as last_visit_on from slots
    where status in ('showed_up', 'called', 'completed') group by patient_id) as visits
  where visits.patient_id = patients.id and patients.partner_id = '${partnerId}'
    and patients.last_visit_on is distinct from visits.last_visit_on`;

/** The name words of the patients loaded, as migration 0021 fills them (decision 045). */
const fillNameWords = (partnerId: string) => [
  `delete from patient_name_words where partner_id = '${partnerId}'`,
  `insert into patient_name_words (patient_id, partner_id, word, last_visit_on, name)
  select distinct patients.id, patients.partner_id, words.word, patients.last_visit_on, patients.name
  from patients, unnest(string_to_array(lower(patients.name), ' ')) as words(word)
  where patients.partner_id = '${partnerId}' and patients.merged_into_id is null and words.word <> ''`,
];

/** Receipts (Record payment) of patients from..to, one patient in five, which a timeline's receipts are read among. */
const insertReceipts = (ids: { partnerId: string; locationId: string }, from: number, to: number) => `
  insert into receipts (partner_id, location_id, patient_id, customer_name, customer_mobile,
    amount_paise, payment_mode, remaining_due_paise, paid_at)
  select '${ids.partnerId}', '${ids.locationId}', id, name, mobile, 50000, 'upi', 0,
    now() - make_interval(days => (k * 7 % 1100)::int)
  from (select id, name, mobile, case when patient_number ~ '^[0-9]+$' then patient_number::bigint end as k
    from patients where partner_id = '${ids.partnerId}') as paying
  where k between ${from} and ${to} and k % 5 = 0`;

/** Visits of the timeline's patient: 200, every third day back, each a booking, a prescription, a bill paid at the desk and its WhatsApp message, and a receipt every fourth visit. */
const timelineVisits = 200;
const insertTimelinePatient = (ids: { partnerId: string; locationId: string; timelineQueueId: string }) => [
  `insert into patients (partner_id, patient_number, name, mobile, first_seen_on)
   values ('${ids.partnerId}', 'TL-0001', 'Timeline Patient', '9000000000', current_date - 600)`,
  `with visit as (select v, current_date - v * 3 as day from generate_series(1, ${timelineVisits}) as v),
     patient as (select id from patients where partner_id = '${ids.partnerId}' and patient_number = 'TL-0001')
   insert into slots (partner_id, queue_id, patient_id, date, start_time, end_time, token_number, status)
   select '${ids.partnerId}', '${ids.timelineQueueId}', patient.id, day, '10:00', '10:15', 1, 'completed' from visit, patient`,
  `insert into consultation_forms (partner_id, location_id, slot_id, patient_id, customer_name,
     customer_mobile, prescribed_date, content, created_at, updated_at)
   select slots.partner_id, '${ids.locationId}', slots.id, slots.patient_id, 'Timeline Patient', '9000000000', slots.date,
     '{"diagnoses": [{"diagnosis_name": "Caries"}], "products": [{"product_name": "Amoxicillin 500"}]}'::jsonb,
     (slots.date + time '10:15') at time zone 'Asia/Kolkata', (slots.date + time '10:15') at time zone 'Asia/Kolkata'
   from slots where slots.queue_id = '${ids.timelineQueueId}'`,
  `insert into bills (partner_id, location_id, patient_id, slot_id, financial_year, sequence, bill_number,
     customer_name, customer_mobile, generated_date, subtotal_paise, discount_paise, tax_paise,
     final_paise, paid_paise, created_at, updated_at)
   select slots.partner_id, '${ids.locationId}', slots.patient_id, slots.id, 'TL', row_number() over (order by slots.date),
     'TL-' || row_number() over (order by slots.date), 'Timeline Patient', '9000000000', slots.date,
     50000, 0, 0, 50000, 50000, (slots.date + time '10:20') at time zone 'Asia/Kolkata',
     (slots.date + time '10:20') at time zone 'Asia/Kolkata'
   from slots where slots.queue_id = '${ids.timelineQueueId}'`,
  `insert into bill_payments (bill_id, partner_id, amount_paise, payment_mode, paid_at)
   select id, partner_id, 50000, 'cash', created_at from bills where financial_year = 'TL'`,
  `insert into outbox_messages (partner_id, location_id, channel, recipient, body, status, reference_id, template_message, created_at)
   select partner_id, location_id, 'whatsapp', '9000000000', 'Your bill', 'sent', id,
     jsonb_build_object('template', 'bill', 'bodyParameters', jsonb_build_array('Timeline Patient'), 'linkSuffix', id),
     created_at + interval '1 minute'
   from bills where financial_year = 'TL'`,
  `insert into receipts (partner_id, location_id, patient_id, customer_name, customer_mobile,
     amount_paise, payment_mode, remaining_due_paise, paid_at)
   select partner_id, location_id, patient_id, 'Timeline Patient', '9000000000', 10000, 'upi', 0,
     created_at + interval '2 minutes'
   from bills where financial_year = 'TL' and sequence % 4 = 0`,
];

type SearchKind = 'mobile, 4 digits' | 'name, 3 letters' | 'surname start' | 'patient number';

/** The stated mix: run i of each kind, from the patients loaded (1..size). */
const searchOf: Record<SearchKind, (i: number, size: number) => string> = {
  'mobile, 4 digits': (i, size) => {
    const mobile = mobileOfPatient(1 + ((i * 104_729) % size));
    const start = i % 7;
    return mobile.slice(start, start + 4);
  },
  'name, 3 letters': (i) => (firstNames[(i * 7) % firstNames.length] ?? '').slice(0, 3).toLowerCase(),
  'surname start': (i) => (surnames[(i * 11) % surnames.length] ?? '').slice(0, 4).toLowerCase(),
  'patient number': (i, size) =>
    numberOfPatient(i % 2 === 0 ? 20 * (1 + ((i * 7919) % (size / 20))) : 1 + ((i * 104_729) % size)),
};
const kinds = Object.keys(searchOf) as SearchKind[];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};
const ms = (value: number) => value.toFixed(1);

/** The clinic, its location and the queue its bookings are in. */
async function createClinic(db: Db): Promise<Clinic> {
  const execute = async (text: string) => (await db.execute(sql.raw(text))).rows[0] as Record<string, string>;
  const { id: partnerId = '' } = await execute(
    `insert into partners (name) values ('Bench Clinic') returning id`,
  );
  const { id: locationId = '' } = await execute(
    `insert into locations (partner_id, location_name) values ('${partnerId}', 'Bench Clinic main') returning id`,
  );
  const queue = (name: string) =>
    execute(
      `insert into queues (partner_id, location_id, queue_name) values ('${partnerId}', '${locationId}', '${name}') returning id`,
    );
  const { id: queueId = '' } = await queue('OPD');
  const { id: timelineQueueId = '' } = await queue('Timeline');
  return { partnerId, locationId, queueId, timelineQueueId };
}

interface Clinic {
  partnerId: string;
  locationId: string;
  queueId: string;
  /** The queue of the timeline patient's bookings. */
  timelineQueueId: string;
}

/**
 * The timeline of the patient with 200 visits (800 bookings, prescriptions, bills, payments and
 * messages, and 50 receipts) through the timeline service, as GET /api/patient/get-timeline
 * answers it (its two queries and the contract's parse): the first page of the default 20, and
 * of 100. Answers the p99.
 */
async function benchTimeline(db: Db, clinic: Clinic) {
  const [patient] = (
    await db.execute(
      sql.raw(
        `select id from patients where partner_id = '${clinic.partnerId}' and patient_number = 'TL-0001'`,
      ),
    )
  ).rows as { id: string }[];
  const timeline = createPatientTimelineService({ db });
  const caller = { partnerId: clinic.partnerId } as Caller;
  const p99s: number[] = [];
  for (const limit of [20, 100]) {
    const times: number[] = [];
    let items = 0;
    for (let run = 0; run < warmUps + runs; run += 1) {
      const began = performance.now();
      const page = await timeline.timeline({ caller, query: { patient_id: patient?.id ?? '', limit } });
      if (run >= warmUps) times.push(performance.now() - began);
      items = page.results.length;
    }
    const { p50, p95, p99 } = figures(times);
    p99s.push(p99);
    console.log(
      `  ${`timeline, ${limit}`.padEnd(16)} p50 ${ms(p50)} / p95 ${ms(p95)} / p99 ${ms(p99)} ms, ${items} items of the patient's ${timelineVisits} visits`,
    );
  }
  return p99s;
}

/** Loads the clinic up to each size in turn and times the mix there; the p99s by size, overall last. */
async function benchSizes(
  engine: string,
  database: Database,
  sizes: number[],
  afterLoad?: (size: number, partnerId: string) => Promise<void>,
) {
  const db = database.db;
  const clinic = await createClinic(db);
  for (const statement of insertTimelinePatient(clinic)) await db.execute(sql.raw(statement));
  const p99s: Record<string, number>[] = [];
  let loaded = 0;
  let bookings = 0;
  for (const size of sizes) {
    const started = performance.now();
    // The name words' trigger is off while loading; the words are then filled in one statement.
    await db.execute(sql.raw('alter table patients disable trigger patients_name_words_sync'));
    await db.execute(sql.raw(insertPatients(clinic.partnerId, loaded + 1, size)));
    await db.execute(sql.raw(insertBookings(clinic, loaded + 1, size, bookings)));
    await db.execute(sql.raw(fillLastVisits(clinic.partnerId)));
    for (const statement of fillNameWords(clinic.partnerId)) await db.execute(sql.raw(statement));
    await db.execute(sql.raw('alter table patients enable trigger patients_name_words_sync'));
    await db.execute(sql.raw(insertReceipts(clinic, loaded + 1, size)));
    await db.execute(sql.raw('vacuum analyze'));
    const [counted] = (await db.execute(sql.raw('select count(*)::int as bookings from slots'))).rows;
    bookings = Number(counted?.bookings);
    loaded = size;
    console.log(
      `\nPatient search on ${engine}, ${size.toLocaleString('en-IN')} patients, ${bookings.toLocaleString('en-IN')} bookings: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${runs} searches of each kind, page of ${pageSize}`,
    );
    const all: number[] = [];
    const bySize: Record<string, number> = {};
    for (const kind of kinds) {
      const times: number[] = [];
      let found = 0;
      for (let run = 0; run < warmUps + runs; run += 1) {
        const query = searchOf[kind](run, size);
        const began = performance.now();
        const result = await searchPatients(db, {
          partnerId: clinic.partnerId,
          query,
          limit: pageSize,
          page: 1,
          now: new Date(),
          // As an owner searches: every location's balance.
          locationIds: null,
        });
        if (run >= warmUps) {
          times.push(performance.now() - began);
          found += result.total;
        }
      }
      all.push(...times);
      const { p50, p95, p99 } = figures(times);
      bySize[kind] = p99;
      console.log(
        `  ${kind.padEnd(16)} p50 ${ms(p50)} / p95 ${ms(p95)} / p99 ${ms(p99)} ms, ${Math.round(found / runs)} found on average (e.g. "${searchOf[kind](warmUps, size)}")`,
      );
    }
    const overall = figures(all);
    bySize.overall = overall.p99;
    console.log(
      `  ${'overall'.padEnd(16)} p50 ${ms(overall.p50)} / p95 ${ms(overall.p95)} / p99 ${ms(overall.p99)} ms`,
    );
    const [timeline20 = 0, timeline100 = 0] = await benchTimeline(db, clinic);
    bySize['timeline, 20'] = timeline20;
    bySize['timeline, 100'] = timeline100;
    p99s.push(bySize);
    await afterLoad?.(size, clinic.partnerId);
  }
  return p99s;
}

/**
 * The plans of the repository's page and count queries for one search of each kind, and of the
 * timeline's page of 20: the SQL `searchPatients` and the timeline service send, caught by a
 * logging Drizzle on the same server, then explained.
 */
async function explainEach(url: string, partnerId: string, size: number) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The scratch database is dropped with force at the end: an idle client cut off is no error.
  pool.on('error', () => {});
  const sent: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => sent.push({ query, params }) },
  }) as unknown as Db;
  const explainSent = async (label: (text: string) => string) => {
    for (const { query: text, params } of sent) {
      const plan = await pool.query(`explain (analyze, buffers, costs off) ${text}`, params);
      const lines = plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
      console.log(`\n  ${label(text)}:\n${lines}`);
    }
  };
  try {
    for (const kind of kinds) {
      const query = searchOf[kind](warmUps, size);
      sent.length = 0;
      await searchPatients(db, {
        partnerId,
        query,
        limit: pageSize,
        page: 1,
        now: new Date(),
        locationIds: null,
      });
      await explainSent(
        (text) => `${kind} "${query}", ${text.startsWith('select count') ? 'count' : 'page'}`,
      );
    }
    const { rows } = await pool.query(
      `select id from patients where partner_id = $1 and patient_number = 'TL-0001'`,
      [partnerId],
    );
    sent.length = 0;
    await createPatientTimelineService({ db }).timeline({
      caller: { partnerId } as Caller,
      query: { patient_id: rows[0]?.id, limit: 20 },
    });
    await explainSent((text) => `timeline, ${text.includes('union all') ? 'page of 20' : 'the patient'}`);
  } finally {
    await pool.end();
  }
}

async function benchPostgres(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const scratch = `vaidya_bench_patients_${process.pid}`;
  await admin.query(`create database ${scratch}`);
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  const database = await openDatabase({
    engine: 'postgres',
    url: url.toString(),
    poolSize: 10,
    migrationsDir,
  });
  try {
    await database.migrate();
    const p99s = await benchSizes('PostgreSQL', database, postgresSizes, async (size, partnerId) => {
      if (size === postgresSizes.at(-1) && process.env.BENCH_EXPLAIN !== '0') {
        console.log(`\nPlans at ${size.toLocaleString('en-IN')} patients (explain analyze, buffers):`);
        await explainEach(url.toString(), partnerId, size);
      }
    });
    const [small = {}, large = {}] = p99s;
    console.log(
      `\nPatient search p99 ratio, ${postgresSizes.map((size) => size.toLocaleString('en-IN')).join(' → ')} patients:`,
    );
    for (const kind of [...kinds, 'overall', 'timeline, 20', 'timeline, 100']) {
      console.log(`  ${kind.padEnd(16)} ×${((large[kind] ?? 0) / (small[kind] ?? 1)).toFixed(2)}`);
    }
  } finally {
    await database.close();
    // BENCH_KEEP_DATABASE=1 leaves it for a look with psql (drop it after).
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\nKept the database ${scratch}.`);
    else await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
}

async function benchPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-bench-patients-'));
  const database = await openDatabase({ engine: 'pglite', dataDir, migrationsDir });
  try {
    await database.migrate();
    await benchSizes('PGlite', database, [pgliteSize]);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) await benchPostgres(adminUrl);
else
  console.log(
    'Patient search on PostgreSQL skipped: set BENCH_DATABASE_URL (a server where a scratch database is made).',
  );
if (process.env.BENCH_PGLITE !== '0') await benchPglite();
