import type { AddressInfo } from 'node:net';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSpreadsheetLeadsSink } from './adapters/leads/spreadsheet-leads-sink';
import { createCloudWhatsApp } from './adapters/messaging/cloud-whatsapp';
import { createOutboxMessenger } from './adapters/messaging/outbox-messenger';
import { recordingWhatsApp } from './adapters/messaging/whatsapp';
import { createConfiguredPaymentGateway } from './adapters/payments/configured-payment-gateway';
import { createInProcessBookingEvents } from './adapters/realtime/in-process-booking-events';
import { connectPostgresBookingEvents } from './adapters/realtime/postgres-booking-events';
import { createLocalFileStorage } from './adapters/storage/local-file-storage';
import { createS3FileStorage } from './adapters/storage/s3-file-storage';
import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig, StartupError } from './config';
import { backedUpUploadsDir, startBackups } from './db/backups/backups';
import { lockDataDir } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { errorForLog } from './db/errors';
import { loggerOptions, stdoutLog } from './http/logging';
import { connectCognitoPool } from './modules/access/cognito-token-verifier';
import { loadTokenService } from './modules/identity/tokens';
import { startLeadForwarder } from './modules/leads/lead-forwarder';
import { startWaitingMessagesDrain } from './modules/whatsapp-messages/whatsapp-messages.service';
import { demoSignIn, seedDemoClinic, shouldSeedDemo } from './seed/demo-seed';

// The same relative paths hold from src/main.ts (development) and dist/main.js (built).
const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const migrationsDir = resolve(apiRoot, 'src/db/migrations');
const webDir = resolve(apiRoot, '../web/dist');

async function main() {
  const config = loadConfig(process.env);
  const dataDir = resolve(config.dataDir);
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize, migrationsDir }
      : { engine: 'pglite', dataDir, migrationsDir },
  );
  await database.migrate();

  const log = stdoutLog(config.env === 'development');
  const logger = loggerOptions(config.logLevel, log);
  // The token verifier: a Cognito user pool's keys when IDENTITY_ISSUER names one, ours otherwise.
  const signIn =
    config.identity.kind === 'cognito'
      ? { cognito: connectCognitoPool({ ...config.identity, clock: systemClock }) }
      : { tokens: await loadTokenService({ db: database.db, ...config.identity, clock: systemClock }) };
  const leadForwarder = config.leadsWebhookUrl
    ? startLeadForwarder({
        db: database.db,
        sink: createSpreadsheetLeadsSink({ url: config.leadsWebhookUrl }),
        clock: systemClock,
        // A failed statement's parameters are the leads' phone numbers: the log gets its SQL text only.
        onError: (error) => console.error('forwarding leads failed:', errorForLog(error)),
      })
    : undefined;
  // Several API processes may share a PostgreSQL database: they hear each other's bookings through it.
  const bookingEvents = config.databaseUrl
    ? await connectPostgresBookingEvents({
        url: config.databaseUrl,
        onError: (error) => console.error('live booking updates:', errorForLog(error)),
      })
    : createInProcessBookingEvents();
  // Every WhatsApp message is kept in the outbox; with a business number it also goes out.
  const whatsapp = config.whatsapp ? createCloudWhatsApp(config.whatsapp) : recordingWhatsApp;
  // What the system sent past a location's hourly WhatsApp limit goes out once the hour allows.
  const waitingMessages = startWaitingMessagesDrain({
    db: database.db,
    whatsapp,
    clock: systemClock,
    limits: config.limits,
    // A failed statement's parameters are patients' numbers: the log gets its SQL text only.
    onError: (error) => console.error('sending waiting WhatsApp messages failed:', errorForLog(error)),
  });
  // Wallet recharges: Razorpay when its keys are set; the labelled test gateway only when chosen; else none.
  const paymentGateway = await createConfiguredPaymentGateway(config, database.db);
  const app = await buildApp({
    database,
    paymentGateway,
    bookingEvents,
    ...signIn,
    leadForwarder,
    clock: systemClock,
    messenger: createOutboxMessenger({
      db: database.db,
      echo: config.env === 'development' ? console.log : undefined,
    }),
    whatsapp,
    storage:
      config.storage.kind === 's3'
        ? createS3FileStorage({ ...config.storage, clock: systemClock })
        : createLocalFileStorage({ db: database.db, root: resolve(config.storage.dir), clock: systemClock }),
    publicUrl: config.publicUrl,
    referralRewardRupees: config.referralRewardRupees,
    logger,
    webDir: config.serveWeb ? webDir : undefined,
    trustProxy: config.trustProxy,
    limits: config.limits,
    eventStreamHeartbeatMs: config.eventStreamHeartbeatMs,
  });

  const withDemo = await shouldSeedDemo(database.db, {
    seedDemo: config.seedDemo,
    embedded: database.engine === 'pglite',
  });
  if (withDemo) await seedDemoClinic(database.db);

  // Backups of the embedded database and the uploaded files (docs/ARCHITECTURE.md, "Backups"): nightly,
  // at a clean shutdown, and on SIGUSR2, which is how `npm run cli -- backup` asks a running server for one.
  const backups = database.whileQuiet
    ? startBackups({
        database,
        dataDir,
        dir: resolve(config.backupDir),
        uploadsDir: backedUpUploadsDir(config.storage),
        migrationsDir,
        clock: systemClock,
        log: app.log,
      })
    : undefined;
  if (backups) process.on('SIGUSR2', () => void backups.backupNow('manual').catch(() => {}));

  // The shutdown sequence (docs/ARCHITECTURE.md, "Shutdown"). Nothing on its way blocks the
  // event loop (the log never waits for its reader), so the watchdog and a second signal always run.
  const exit = (code: number): never => {
    log.lastWrite();
    return process.exit(code);
  };
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    // A second signal: the operator means now. 128 + the signal's number, as a shell reports it (130, 143).
    if (closing) return exit(128 + constants.signals[signal]);
    closing = true;
    app.log.info(`${signal}: closing`);
    // A client that never reads its response, or a step that never ends, must not keep the server
    // alive: after SHUTDOWN_TIMEOUT_SECONDS it exits, cleanly or not.
    setTimeout(() => {
      app.log.error(`shutdown took over ${config.shutdownDeadlineMs / 1000} s; exiting`);
      exit(1);
    }, config.shutdownDeadlineMs);
    try {
      // No new connections; requests already received finish, and one that arrives on an open
      // keep-alive connection is answered with Connection: close; open event streams end in the
      // app's preClose hook. Idle keep-alive connections are closed at once, and those busy when
      // the close began as soon as their answer is out: a client would otherwise hold them open.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close();
      clearInterval(closeIdle);
      await bookingEvents.close();
      await leadForwarder?.stop();
      await waitingMessages.stop();
      await backups?.onShutdown();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      releaseLock();
      exit(1);
    }
    releaseLock();
    exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const url = config.port === port ? config.publicUrl : `http://localhost:${port}`;
  console.log(
    `Vaidya is running at ${url} (database: ${database.engine}${database.engine === 'pglite' ? ` in ${dataDir}` : ''})`,
  );
  if (config.identity.kind === 'cognito')
    console.log(`Signing in at the user pool ${config.identity.issuer}`);
  else if (withDemo)
    console.log(`Demo clinic: sign in as ${demoSignIn.email} with password ${demoSignIn.password}`);
  console.log(
    config.whatsapp
      ? `WhatsApp messages go out through the Cloud API from phone number id ${config.whatsapp.phoneNumberId}`
      : 'WhatsApp messages stay in the outbox (set WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send them)',
  );
  console.log(
    config.razorpay
      ? `Wallet recharges are paid through Razorpay with key ${config.razorpay.keyId}`
      : paymentGateway
        ? 'Wallet recharges use the test gateway: no real money (set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET for Razorpay)'
        : 'Online wallet recharge is off (set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET for Razorpay, or PAYMENT_GATEWAY=test for the test gateway: no real money)',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
