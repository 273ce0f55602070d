import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSpreadsheetLeadsSink } from './adapters/leads/spreadsheet-leads-sink';
import { createCloudWhatsApp } from './adapters/messaging/cloud-whatsapp';
import { createOutboxMessenger } from './adapters/messaging/outbox-messenger';
import { recordingWhatsApp } from './adapters/messaging/whatsapp';
import { createRazorpayGateway } from './adapters/payments/razorpay-gateway';
import { createTestPaymentGateway } from './adapters/payments/test-payment-gateway';
import { createInProcessBookingEvents } from './adapters/realtime/in-process-booking-events';
import { connectPostgresBookingEvents } from './adapters/realtime/postgres-booking-events';
import { createLocalFileStorage } from './adapters/storage/local-file-storage';
import { createS3FileStorage } from './adapters/storage/s3-file-storage';
import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig, StartupError } from './config';
import { lockDataDir } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { errorForLog } from './db/errors';
import { loggerOptions } from './http/logging';
import { connectCognitoPool } from './modules/access/cognito-token-verifier';
import { loadTokenService } from './modules/identity/tokens';
import { startLeadForwarder } from './modules/leads/lead-forwarder';
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

  const logger = loggerOptions(config.logLevel, config.env === 'development');
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
  // Wallet recharges are paid through Razorpay when its keys are set; otherwise the labelled test gateway.
  const paymentGateway = config.razorpay
    ? createRazorpayGateway(config.razorpay)
    : await createTestPaymentGateway({ db: database.db });
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
    logger,
    webDir: config.serveWeb ? webDir : undefined,
    trustProxy: config.trustProxy,
  });

  const withDemo = await shouldSeedDemo(database.db, {
    seedDemo: config.seedDemo,
    embedded: database.engine === 'pglite',
  });
  if (withDemo) await seedDemoClinic(database.db);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info(`${signal}: closing`);
    // A client that never reads its response must not keep the server alive.
    setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    // Open event streams are ended by the app's preClose hook, so this does not wait for browsers.
    await app.close();
    await bookingEvents.close();
    await leadForwarder?.stop();
    await database.close();
    releaseLock();
    process.exit(0);
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
      : 'Wallet recharges use the test gateway: no real money (set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET for Razorpay)',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
