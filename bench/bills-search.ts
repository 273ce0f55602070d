// The bills screen's search at scale (issue 11): one partner's bills generated with SQL,
// 10,000 then 1,000,000 of them, and get-bills timed through the real app at both sizes.
// PostgreSQL only: PGlite is the test engine, never a clinic's million bills.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { systemClock } from '../apps/api/src/clock';
import { createSignedInPartner } from '../apps/api/test/partners';
import { buildBenchApp, openScratchDatabase } from './bench-app';

const sizes = [10_000, 1_000_000];
/** Each bill's patient comes back about five times over the three years. */
const billsPerPatient = 5;
const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 50);
const warmUps = 20;

const firstNames = [
  'Aarav',
  'Aditi',
  'Ajay',
  'Amit',
  'Ananya',
  'Anil',
  'Anjali',
  'Arjun',
  'Asha',
  'Deepa',
  'Divya',
  'Ganesh',
  'Gauri',
  'Harish',
  'Isha',
  'Kavita',
  'Kiran',
  'Lakshmi',
  'Mahesh',
  'Meena',
  'Neha',
  'Nikhil',
  'Pooja',
  'Prakash',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ramesh',
  'Rekha',
  'Rohan',
  'Sachin',
  'Sanjay',
  'Shweta',
  'Sneha',
  'Sunil',
  'Sunita',
  'Suresh',
  'Vikram',
  'Vinod',
  'Yash',
];
const surnames = [
  'Agarwal',
  'Bhat',
  'Chavan',
  'Deshmukh',
  'Deshpande',
  'Gaikwad',
  'Ghosh',
  'Gupta',
  'Iyer',
  'Jadhav',
  'Joshi',
  'Kapoor',
  'Kulkarni',
  'Kumar',
  'Menon',
  'Mehta',
  'Mishra',
  'Nair',
  'Pandey',
  'Patel',
  'Patil',
  'Pawar',
  'Pillai',
  'Rao',
  'Reddy',
  'Sawant',
  'Shah',
  'Sharma',
  'Shinde',
  'Singh',
  'Sinha',
  'Srinivasan',
  'Thakur',
  'Verma',
  'Yadav',
  'Chaudhary',
  'Banerjee',
  'Naidu',
  'Kamat',
  'More',
];

const textArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

// A patient is a number k; these expressions give the same name, mobile and id for it
// wherever they appear. The mobile: a leading 6 to 9, then k spread over nine digits
// (7919 is prime to 10^9, so no two patients below 10^9 share one).
const patientName = (k: string) =>
  `(${textArray(firstNames)})[1 + ${k} % ${firstNames.length}] || ' ' || (${textArray(surnames)})[1 + (${k} / ${firstNames.length}) % ${surnames.length}]`;
const patientMobile = (k: string) =>
  `(6 + ${k} % 4)::text || lpad(((${k}::bigint * 7919) % 1000000000)::text, 9, '0')`;
const patientId = (k: string) => `md5('bench-patient-' || ${k})::uuid`;

/** Patients from..to (numbers), the ones bills below refer to. */
const insertPatients = `
  insert into patients (id, partner_id, patient_number, name, mobile, first_seen_on)
  select ${patientId('k')}, $1, k::text, ${patientName('k')}, ${patientMobile('k')}, current_date
  from generate_series($2::int, $3::int) as k`;

/**
 * The CTEs `priced` and `taxed` over a CTE `generated` of bills (i, day, subtotal): a discount
 * on one bill in five, 18 % tax on one in three, and the financial year of the bill's date.
 */
export const pricedBills = `priced as (
    select *,
      case when i % 5 = 0 then subtotal / 10 else 0 end as discount,
      (case when extract(month from day) >= 4 then extract(year from day) else extract(year from day) - 1 end)::int as fy_start
    from generated
  ), taxed as (
    select *,
      (fy_start || '-' || lpad(((fy_start + 1) % 100)::text, 2, '0')) as financial_year,
      case when i % 3 = 0 then (subtotal - discount) * 18 / 100 else 0 end as tax
    from priced
  )`;

/**
 * Bills from..to: dates over the three years to today, a patient among the first
 * $4, money as the schema's checks want it (final = subtotal − discount + tax, paid
 * between 0 and final), numbered per financial year after what is already there.
 */
const insertBills = `
  with generated as (
    select i,
      (current_date - (i * 7 % 1096))::date as day,
      1 + (i::bigint * 104729) % $4 as patient,
      (200 + (i * 37) % 4800) * 100::bigint as subtotal
    from generate_series($2::int, $3::int) as i
  ), ${pricedBills}, existing as (
    select financial_year, max(sequence) as last from bills where partner_id = $1 group by 1
  ), numbered as (
    select taxed.*,
      row_number() over (partition by taxed.financial_year order by i) + coalesce(existing.last, 0) as sequence
    from taxed left join existing using (financial_year)
  )
  insert into bills (partner_id, location_id, patient_id, financial_year, sequence, bill_number,
    customer_name, customer_mobile, generated_date, subtotal_paise, discount_paise, tax_paise,
    final_paise, paid_paise, created_at, updated_at)
  select $1, $5, ${patientId('patient')}, financial_year, sequence,
    'BC/' || financial_year || '/' || lpad(sequence::text, 5, '0'),
    ${patientName('patient')}, ${patientMobile('patient')}, day,
    subtotal, discount, tax, subtotal - discount + tax,
    case i % 4 when 0 then 0 when 1 then (subtotal - discount + tax) / 2 else subtotal - discount + tax end,
    day + (i % 36000) * interval '1 second' + interval '3 hours 30 minutes',
    day + (i % 36000) * interval '1 second' + interval '3 hours 30 minutes'
  from numbered`;

const syncSequences = `
  insert into bill_number_sequences (partner_id, financial_year, last_value)
  select partner_id, financial_year, max(sequence) from bills where partner_id = $1 group by 1, 2
  on conflict (partner_id, financial_year) do update set last_value = excluded.last_value`;

interface SearchCase {
  name: string;
  /** The query string after location_id, from what the data holds at this size. */
  query: (client: pg.Client) => Promise<string>;
}

const firstRow = async (client: pg.Client, text: string) =>
  (await client.query(text)).rows[0] as Record<string, string>;

const cases: SearchCase[] = [
  {
    name: 'name prefix, first name and the surname’s start ("asha pat")',
    query: async () => `query=${encodeURIComponent('asha pat')}`,
  },
  {
    name: 'name prefix, 3 letters ("pri"), a common first name',
    query: async () => 'query=pri',
  },
  {
    name: 'phone prefix, 6 digits of a patient’s mobile',
    query: async (client) => {
      const row = await firstRow(
        client,
        'select customer_mobile from bills order by sequence, financial_year limit 1',
      );
      return `query=${row.customer_mobile?.slice(0, 6)}`;
    },
  },
  {
    name: 'date range, one month',
    query: async () => {
      const end = new Date();
      const start = new Date(end.getTime() - 30 * 86_400_000);
      return `start_date=${start.toISOString().slice(0, 10)}&end_date=${end.toISOString().slice(0, 10)}`;
    },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Loads, measures and prints; `adminUrl` names a server where a scratch database is
 * created and dropped afterwards.
 */
export async function benchBillSearch({
  adminUrl,
  dataDir,
  migrationsDir,
}: {
  adminUrl: string;
  dataDir: string;
  migrationsDir: string;
}) {
  const { database, url, drop } = await openScratchDatabase(adminUrl, 'bills', migrationsDir);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { app, tokens } = await buildBenchApp(database, dataDir);
    const clinic = await createSignedInPartner(
      { database, tokens, clock: { now: systemClock } },
      { name: 'Bench Clinic' },
    );

    const p99s = new Map<string, number[]>();
    let loaded = 0;
    for (const size of sizes) {
      const started = performance.now();
      await client.query(insertPatients, [
        clinic.partnerId,
        loaded / billsPerPatient + 1,
        size / billsPerPatient,
      ]);
      await client.query(insertBills, [
        clinic.partnerId,
        loaded + 1,
        size,
        size / billsPerPatient,
        clinic.locationId,
      ]);
      await client.query(syncSequences, [clinic.partnerId]);
      await client.query('vacuum analyze patients, bills');
      console.log(
        `\nBills search on PostgreSQL, ${size.toLocaleString('en-IN')} bills (${size / billsPerPatient} patients): loaded in ${((performance.now() - started) / 1000).toFixed(1)} s, ${runs} runs each`,
      );
      loaded = size;

      for (const c of cases) {
        const path = `/api/bill/get-bills?location_id=${clinic.locationId}&${await c.query(client)}`;
        const times: number[] = [];
        let total = 0;
        for (let run = 0; run < warmUps + runs; run += 1) {
          const began = performance.now();
          const response = await app.inject({ method: 'GET', url: path, headers: clinic.headers });
          const took = performance.now() - began;
          if (response.statusCode !== 200) {
            throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
          }
          if (run >= warmUps) times.push(took);
          total = response.json().data.pagination.total;
        }
        times.sort((a, b) => a - b);
        const p99 = percentile(times, 99);
        p99s.set(c.name, [...(p99s.get(c.name) ?? []), p99]);
        console.log(
          `  ${c.name}: ${total} found, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms  (${path.slice(path.indexOf('&') + 1)})`,
        );
      }
    }
    console.log(
      `\nBills search p99 growth, ${sizes.map((size) => size.toLocaleString('en-IN')).join(' → ')} bills:`,
    );
    for (const [name, [small = 0, large = 0]] of p99s) {
      console.log(`  ${name}: ×${(large / small).toFixed(2)}`);
    }
    if (process.env.BENCH_EXPLAIN) await explain(client, clinic);
    await app.close();
  } finally {
    await client.end();
    await drop();
  }
}

/** BENCH_EXPLAIN=1: the plans of the list and count queries as the repository writes them. */
async function explain(client: pg.Client, clinic: { locationId: string }) {
  const where = `location_id = $1 and deleted_at is null`;
  const filters = [
    `customer_name_search like 'asha pat%'`,
    `customer_name_search like 'pri%'`,
    `customer_mobile like '${(await firstRow(client, 'select customer_mobile from bills limit 1')).customer_mobile?.slice(0, 6)}%'`,
    `generated_date between current_date - 30 and current_date`,
  ];
  for (const filter of filters) {
    for (const shape of [
      `select * from bills where id in (select id from bills where ${where} and ${filter} order by generated_date desc, created_at desc, id desc limit 20) order by generated_date desc, created_at desc, id desc`,
      `select count(*) from bills where ${where} and ${filter}`,
    ]) {
      const plan = await client.query(`explain (analyze, buffers, costs off) ${shape}`, [clinic.locationId]);
      console.log(`\n${shape}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  }
}
