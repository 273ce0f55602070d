// Prints throughput and latency of our routes beside a bare Fastify route
// doing the same work on the same database, and the ratio between them: the
// cost of our stack (validation, serialization, helmet, compression, error
// handling). Figures, not a gate: CI never fails on time. First, the
// JavaScript each page of the web app sends, which `npm test` does gate.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { createOutboxMessenger } from '../apps/api/src/adapters/messaging/outbox-messenger';
import { createLocalFileStorage } from '../apps/api/src/adapters/storage/local-file-storage';
import { buildApp } from '../apps/api/src/app';
import { systemClock } from '../apps/api/src/clock';
import { defaultUsageLimits } from '../apps/api/src/config';
import { type Database, openDatabase } from '../apps/api/src/db/database';
import { findSignedInCaller } from '../apps/api/src/modules/access/access.repository';
import type { Caller } from '../apps/api/src/modules/access/authenticate';
import { loadTokenService } from '../apps/api/src/modules/identity/tokens';
import { productMaster } from '../apps/api/src/modules/masters/master-definitions';
import { createMastersService } from '../apps/api/src/modules/masters/masters.service';
import { createPartnerService } from '../apps/api/src/modules/partner/partner.service';
import { createUploadsService } from '../apps/api/src/modules/uploads/uploads.service';
import { createUsageLimiter } from '../apps/api/src/modules/usage-limits/usage-limits.service';
import { seedDemoMasters } from '../apps/api/src/seed/demo-masters';
import { createSignedInPartner } from '../apps/api/test/partners';
import { buildIfStale } from '../scripts/build.mjs';
import { formatPageWeights, measurePageWeights } from '../scripts/check-page-weight.mjs';
import { benchBillSearch } from './bills-search';

const migrationsDir = fileURLToPath(new URL('../apps/api/src/db/migrations', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function listen(app: {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
}) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function benchEngine(database: Database) {
  const tokens = await loadTokenService({
    db: database.db,
    issuer: 'http://localhost/api/identity',
    clientId: 'vaidya-web',
    clock: systemClock,
  });
  const storage = createLocalFileStorage({
    db: database.db,
    root: mkdtempSync(join(dataDir, 'uploads-')),
    clock: systemClock,
  });
  const ours = await buildApp({
    database,
    tokens,
    clock: systemClock,
    messenger: createOutboxMessenger({ db: database.db }),
    storage,
    paymentGateway: null,
  });
  const clinic = await createSignedInPartner({ database, tokens, clock: { now: systemClock } });
  await database.db.transaction((tx) => seedDemoMasters(tx, clinic.partnerId));
  const uploads = createUploadsService({
    db: database.db,
    clock: systemClock,
    storage,
    usageLimiter: createUsageLimiter({ db: database.db, clock: systemClock }),
    limits: defaultUsageLimits,
  });
  const partner = createPartnerService({ db: database.db, uploads, publicUrl: undefined });
  const masters = createMastersService({ db: database.db });
  const bare = Fastify();
  bare.get('/api/health', async () => {
    await database.db.execute(sql`select 1`);
    return { data: { status: 'ok', database: database.engine } };
  });
  // The same work as our route, with none of our stack: verify, look up the session, read partner and locations.
  bare.get('/api/get-partner-details', async (request) => {
    const claims = await tokens.verifyIdToken(request.headers.authorization?.slice('Bearer '.length) ?? '');
    const row = await findSignedInCaller(database.db, { userId: claims.sub, sessionId: claims.origin_jti });
    if (!row) throw new Error('no session');
    const caller = { userId: row.userId, partnerId: row.partnerId } as Caller;
    return { data: await partner.getPartnerDetails({ caller }) };
  });
  bare.get('/api/masters/get-products', async (request) => {
    const claims = await tokens.verifyIdToken(request.headers.authorization?.slice('Bearer '.length) ?? '');
    const row = await findSignedInCaller(database.db, { userId: claims.sub, sessionId: claims.origin_jti });
    if (!row) throw new Error('no session');
    const { query } = request.query as { query: string };
    const caller = { userId: row.userId, partnerId: row.partnerId } as Caller;
    return {
      data: await masters.list({ master: productMaster, caller, query: { query, page: 1, limit: 10 } }),
    };
  });
  const oursUrl = await listen(ours);
  const bareUrl = await listen(bare);

  const cases = [
    { name: 'GET /api/health (pings the database)', path: '/api/health', headers: {} },
    {
      name: 'GET /api/get-partner-details (token, session, partner, locations)',
      path: '/api/get-partner-details',
      headers: clinic.headers,
    },
    {
      name: 'GET /api/masters/get-products?query=para (token, session, trigram search in 155 medicines)',
      path: '/api/masters/get-products?query=para',
      headers: clinic.headers,
    },
  ];
  const rows: string[] = [];
  for (const c of cases) {
    await measure(`${oursUrl}${c.path}`, c.headers); // warm-up, discarded
    const a = await measure(`${oursUrl}${c.path}`, c.headers);
    const b = await measure(`${bareUrl}${c.path}`, c.headers);
    rows.push(
      [
        `${c.name} on ${database.engine}`,
        `  vaidya : ${a.requestsPerSecond.toFixed(0)} req/s, p50 ${a.p50} ms, p99 ${a.p99} ms, errors ${a.errors}`,
        `  bare   : ${b.requestsPerSecond.toFixed(0)} req/s, p50 ${b.p50} ms, p99 ${b.p99} ms, errors ${b.errors}`,
        `  ratio  : ${(a.requestsPerSecond / b.requestsPerSecond).toFixed(2)} of bare throughput`,
      ].join('\n'),
    );
  }
  await ours.close();
  await bare.close();
  return rows;
}

buildIfStale();
console.log(
  `JavaScript per page (brotli, as the server sends it):\n${formatPageWeights(await measurePageWeights())}\n`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-bench-'));
console.log(`Bench: ${connections} connections, ${seconds} s per run\n`);
try {
  const pglite = await openDatabase({ engine: 'pglite', dataDir, migrationsDir });
  await pglite.migrate();
  for (const row of await benchEngine(pglite)) console.log(row);
  await pglite.close();

  if (process.env.BENCH_DATABASE_URL) {
    // A scratch database of its own, so the bench never writes into the one it is pointed at.
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    const scratch = `vaidya_bench_${process.pid}`;
    await admin.query(`create database ${scratch}`);
    try {
      const url = new URL(process.env.BENCH_DATABASE_URL);
      url.pathname = `/${scratch}`;
      const postgres = await openDatabase({
        engine: 'postgres',
        url: url.toString(),
        poolSize: 10,
        migrationsDir,
      });
      await postgres.migrate();
      for (const row of await benchEngine(postgres)) console.log(row);
      await postgres.close();
    } finally {
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
    await benchBillSearch({ adminUrl: process.env.BENCH_DATABASE_URL, dataDir, migrationsDir });
  } else {
    console.log(
      '\nBills search at 10,000 and 1,000,000 bills: skipped, it needs BENCH_DATABASE_URL (PostgreSQL).',
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
