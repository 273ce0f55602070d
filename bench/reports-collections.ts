// The collections report over a year (issue 24 "Proof"): two clinics generated with SQL in one
// scratch PostgreSQL database, one with 10,000 bills and one with 200,000 over the year to today
// with their payments, and GET /api/reports/get-collections timed through the real app for each,
// per day over the year, alone and split by payment mode, doctor and location.
// PostgreSQL only (BENCH_DATABASE_URL, else TEST_DATABASE_URL): PGlite is never a clinic's 200,000 bills.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { localToday } from '@vaidya/contract/calendar-dates';
import type { CollectionSplit } from '@vaidya/contract/reports';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { systemClock } from '../apps/api/src/clock';
import type { Db } from '../apps/api/src/db/database';
import * as schema from '../apps/api/src/db/schema';
import { sumCollections } from '../apps/api/src/modules/reports/reports.collections.repository';
import { createSignedInPartner, type SignedInPartner } from '../apps/api/test/partners';
import { buildBenchApp, openScratchDatabase } from './bench-app';
import { pricedBills } from './bills-search';

const migrationsDir = fileURLToPath(new URL('../apps/api/src/db/migrations', import.meta.url));
/** Each clinic's bills over the year; BENCH_REPORT_SIZES=10000 tries the bench quickly. */
const sizes = (process.env.BENCH_REPORT_SIZES ?? '10000,200000').split(',').map(Number);
/** Requests timed per case and clinic, after `warmUps` untimed ones. */
const runs = Number(process.env.BENCH_REPORT_RUNS ?? 100);
const warmUps = 10;
const timeZone = 'Asia/Kolkata';
/** A bill's patient comes back about five times a year. */
const billsPerPatient = 5;

interface BenchClinic {
  owner: SignedInPartner;
  secondLocationId: string;
  doctorIds: string[];
  queueIds: string[];
}

const uuidArray = (ids: string[]) => `array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`;

/**
 * Bill i (1..size) of the clinic, the same wherever it appears: its day over the 365 to today, its
 * patient, its location (one in three at the second), its doctor (one in ten none; half of those
 * a booking whose prescription names one) and its subtotal.
 */
const generatedBills = (clinic: BenchClinic, size: number) => `
  generated as (
    select i,
      (current_date - (i * 7 % 365))::date as day,
      1 + (i::bigint * 104729) % ${size / billsPerPatient} as patient,
      case when i % 3 = 0 then '${clinic.secondLocationId}'::uuid else '${clinic.owner.locationId}'::uuid end as location_id,
      case when i % 3 = 0 then '${clinic.queueIds[1]}'::uuid else '${clinic.queueIds[0]}'::uuid end as queue_id,
      case when i % 10 = 0 then null else (${uuidArray(clinic.doctorIds)})[1 + i % ${clinic.doctorIds.length}] end as doctor,
      (200 + (i * 37) % 4800) * 100::bigint as subtotal
    from generate_series(1, ${size}) as i
  )`;
const patientId = (clinic: BenchClinic, k: string) =>
  `md5('${clinic.owner.partnerId}-patient-' || ${k})::uuid`;
const slotId = (clinic: BenchClinic, i: string) => `md5('${clinic.owner.partnerId}-slot-' || ${i})::uuid`;

/** What loads a clinic, in order: patients, the bookings and prescriptions of bills with no doctor, bills, payments. */
function loadStatements(clinic: BenchClinic, size: number): string[] {
  const { partnerId } = clinic.owner;
  return [
    'alter table patients disable trigger patients_name_words_sync',
    `insert into patients (id, partner_id, patient_number, name, mobile, first_seen_on)
     select ${patientId(clinic, 'k')}, '${partnerId}', k::text, 'Patient ' || k,
       (6 + k % 4)::text || lpad(((k::bigint * 7919) % 1000000000)::text, 9, '0'), current_date - 365
     from generate_series(1, ${size / billsPerPatient}) as k`,
    'alter table patients enable trigger patients_name_words_sync',
    `with ${generatedBills(clinic, size)}, booked as (
       select *, row_number() over (partition by queue_id, day order by i) as token from generated where i % 20 = 0
     )
     insert into slots (id, partner_id, queue_id, patient_id, date, start_time, end_time, token_number, status)
     select ${slotId(clinic, 'i')}, '${partnerId}', queue_id, ${patientId(clinic, 'patient')}, day,
       time '08:00' + token * interval '1 minute', time '08:01' + token * interval '1 minute', token, 'completed'
     from booked`,
    `insert into consultation_forms (partner_id, location_id, slot_id, patient_id, customer_name,
       customer_mobile, prescribed_date, content, author_id)
     select slots.partner_id, queues.location_id, slots.id, slots.patient_id, 'Patient', '9000000000', slots.date,
       '{}'::jsonb, (${uuidArray(clinic.doctorIds)})[1 + slots.token_number % ${clinic.doctorIds.length}]
     from slots join queues on queues.id = slots.queue_id where slots.partner_id = '${partnerId}'`,
    // Money as the schema's checks want it (final = subtotal − discount + tax); a bill's sequence
    // says how it is paid: 0 not at all, 1 half at the desk, 2 all at the desk, 3 half at the
    // desk and the rest up to 20 days later. One bill in fifty is deleted.
    `with ${generatedBills(clinic, size)}, ${pricedBills}, numbered as (
       select *, row_number() over (partition by financial_year order by i) as sequence from taxed
     )
     insert into bills (partner_id, location_id, patient_id, slot_id, doctor_user_id, financial_year, sequence,
       bill_number, customer_name, customer_mobile, generated_date, subtotal_paise, discount_paise, tax_paise,
       final_paise, paid_paise, created_at, updated_at, deleted_at)
     select '${partnerId}', location_id, ${patientId(clinic, 'patient')},
       case when i % 20 = 0 then ${slotId(clinic, 'i')} end, doctor, financial_year, sequence,
       'BC/' || financial_year || '/' || lpad(sequence::text, 6, '0'), 'Patient ' || patient,
       (6 + patient % 4)::text || lpad(((patient * 7919) % 1000000000)::text, 9, '0'), day,
       subtotal, discount, tax, subtotal - discount + tax,
       case sequence % 4 when 0 then 0 when 1 then (subtotal - discount + tax) / 2 else subtotal - discount + tax end,
       day + (i % 36000) * interval '1 second' + interval '3 hours 30 minutes',
       day + (i % 36000) * interval '1 second' + interval '3 hours 30 minutes',
       case when i % 50 = 7 then day + interval '20 hours' end
     from numbered`,
    `insert into bill_payments (bill_id, partner_id, amount_paise, payment_mode, paid_at)
     select id, partner_id, case when sequence % 4 = 2 then final_paise else final_paise / 2 end,
       (array['cash', 'upi', 'card'])[1 + sequence % 3], created_at
     from bills where partner_id = '${partnerId}' and sequence % 4 <> 0
     union all
     select id, partner_id, final_paise - final_paise / 2, (array['upi', 'card', 'cash'])[1 + sequence % 3],
       least(created_at + (1 + sequence % 20) * interval '1 day', now())
     from bills where partner_id = '${partnerId}' and sequence % 4 = 3`,
  ];
}

/** A clinic's second location, three doctors and a queue at each location, written straight to the database. */
async function prepareClinic(client: pg.Client, owner: SignedInPartner): Promise<BenchClinic> {
  const one = async (text: string, values: unknown[]) =>
    String((await client.query(text, values)).rows[0]?.id ?? '');
  const secondLocationId = await one(
    `insert into locations (partner_id, location_name) values ($1, 'Bench Clinic branch') returning id`,
    [owner.partnerId],
  );
  const doctorIds = [];
  for (const name of ['Dr. Asha Rao', 'Dr. Vikram Shah', 'Dr. Meena Iyer'])
    doctorIds.push(
      await one(
        `insert into users (partner_id, email, name, password_hash, status, role)
         values ($1, $2, $3, '!', 'CONFIRMED', 'doctor') returning id`,
        [
          owner.partnerId,
          `${name.slice(4).replace(' ', '.').toLowerCase()}.${owner.partnerId}@bench.test`,
          name,
        ],
      ),
    );
  const queueIds = [];
  for (const locationId of [owner.locationId, secondLocationId])
    queueIds.push(
      await one(
        `insert into queues (partner_id, location_id, queue_name) values ($1, $2, 'OPD') returning id`,
        [owner.partnerId, locationId],
      ),
    );
  return { owner, secondLocationId, doctorIds, queueIds };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (value: number) => value.toFixed(1);

const splits: (CollectionSplit | undefined)[] = [undefined, 'mode', 'doctor', 'location'];
const caseName = (by: CollectionSplit | undefined) => (by ? `per day, by ${by}` : 'per day');

/**
 * BENCH_EXPLAIN (on unless 0): the plan of the repository's statement at the largest clinic for
 * each split, caught by a logging Drizzle on the same server, then explained.
 */
async function explainEach(url: string, partnerId: string, range: { from: string; to: string }) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The scratch database is dropped with force at the end: an idle client cut off is no error.
  pool.on('error', () => {});
  const sent: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => sent.push({ query, params }) },
  }) as unknown as Db;
  try {
    for (const by of splits) {
      sent.length = 0;
      await sumCollections(db, {
        partnerId,
        timeZone,
        locationIds: null,
        ...range,
        period: 'day',
        by: by ?? null,
      });
      for (const { query, params } of sent) {
        const plan = await pool.query(`explain (analyze, buffers, costs off) ${query}`, params);
        console.log(`\n  ${caseName(by)}:\n${plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
      }
    }
  } finally {
    await pool.end();
  }
}

async function bench(adminUrl: string) {
  const { database, url, drop } = await openScratchDatabase(adminUrl, 'reports', migrationsDir);
  const client = new pg.Client({ connectionString: url });
  const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-bench-reports-'));
  try {
    await client.connect();
    const { app, tokens } = await buildBenchApp(database, dataDir);
    const clinics: BenchClinic[] = [];
    for (const size of sizes) {
      const started = performance.now();
      const owner = await createSignedInPartner(
        { database, tokens, clock: { now: systemClock } },
        { name: `Bench Clinic ${size}`, time_zone: timeZone },
      );
      const clinic = await prepareClinic(client, owner);
      for (const statement of loadStatements(clinic, size)) await client.query(statement);
      clinics.push(clinic);
      console.log(
        `Loaded a clinic of ${size.toLocaleString('en-IN')} bills in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await client.query('vacuum analyze');

    const today = localToday(timeZone, new Date()).date;
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
    const p99s: Record<string, number>[] = [];
    for (const [index, clinic] of clinics.entries()) {
      const size = sizes[index] ?? 0;
      const { rows } = await client.query(
        `select count(*) filter (where deleted_at is null)::int as live,
           (select count(*)::int from bill_payments where partner_id = $1) as payments
         from bills where partner_id = $1`,
        [clinic.owner.partnerId],
      );
      console.log(
        `\nCollections ${from} to ${today} on PostgreSQL, a clinic of ${size.toLocaleString('en-IN')} bills (${rows[0]?.live.toLocaleString('en-IN')} live, ${rows[0]?.payments.toLocaleString('en-IN')} payments); ${runs} requests each, ms`,
      );
      const bySize: Record<string, number> = {};
      for (const by of splits) {
        const path = `/api/reports/get-collections?from=${from}&to=${today}&period=day${by ? `&by=${by}` : ''}`;
        const times: number[] = [];
        let received = 0;
        for (let run = 0; run < warmUps + runs; run += 1) {
          const began = performance.now();
          const response = await app.inject({ method: 'GET', url: path, headers: clinic.owner.headers });
          const took = performance.now() - began;
          if (response.statusCode !== 200)
            throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
          if (run >= warmUps) times.push(took);
          received = response.json().data.totals.received;
        }
        times.sort((a, b) => a - b);
        bySize[caseName(by)] = percentile(times, 99);
        console.log(
          `  ${caseName(by).padEnd(20)} p50 ${ms(percentile(times, 50))} / p95 ${ms(percentile(times, 95))} / p99 ${ms(percentile(times, 99))}  (received ₹${received.toLocaleString('en-IN')})`,
        );
      }
      p99s.push(bySize);
    }
    if (sizes.length > 1) {
      console.log(
        `\nCollections p99 ratio, ${sizes.map((size) => size.toLocaleString('en-IN')).join(' → ')} bills:`,
      );
      const [small = {}, large = {}] = [p99s[0], p99s.at(-1)];
      for (const by of splits) {
        const name = caseName(by);
        console.log(`  ${name.padEnd(20)} ×${((large[name] ?? 0) / (small[name] ?? 1)).toFixed(2)}`);
      }
    }
    const largest = clinics.at(-1);
    if (largest && process.env.BENCH_EXPLAIN !== '0') {
      console.log(`\nPlans at ${sizes.at(-1)?.toLocaleString('en-IN')} bills (explain analyze, buffers):`);
      await explainEach(url, largest.owner.partnerId, { from, to: today });
    }
    await app.close();
  } finally {
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) await bench(adminUrl);
else
  console.log(
    'Collections report bench skipped: set BENCH_DATABASE_URL (a server where a scratch database is made).',
  );
