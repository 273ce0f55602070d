import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { messages } from '@vaidya/contract/messages';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Messenger } from './adapters/messaging/messenger';
import { recordingWhatsApp, type WhatsAppSender } from './adapters/messaging/whatsapp';
import type { PaymentGateway } from './adapters/payments/payment-gateway';
import type { BookingEvents } from './adapters/realtime/booking-events';
import { createInProcessBookingEvents } from './adapters/realtime/in-process-booking-events';
import type { FileStorage } from './adapters/storage/file-storage';
import type { Clock } from './clock';
import { defaultReferralRewardRupees, defaultUsageLimits, type TrustProxy, type UsageLimits } from './config';
import type { Database } from './db/database';
import { registerApiDocs } from './http/api-docs';
import { AppError } from './http/app-error';
import { appHostCheck } from './http/app-host';
import { registerErrorHandling } from './http/error-handler';
import { answerClientError, learnRouteMethods } from './http/routing-errors';
import { validatorCompiler } from './http/validation';
import { registerWebApp } from './http/web-app';
import { createAccessService } from './modules/access/access.service';
import { createEndpointAccess, createEndpointGuard } from './modules/access/authenticate';
import type { CognitoPool } from './modules/access/cognito-token-verifier';
import { builtInTokenVerifier } from './modules/access/token-verifier';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { moveBillsToPatient, moveReceiptsToPatient } from './modules/bills/bills.repository';
import { billsRoutes } from './modules/bills/bills.routes';
import { createBillsService } from './modules/bills/bills.service';
import { bookingEventsRoutes } from './modules/booking-events/booking-events.routes';
import {
  claimOnlineBookingCharge,
  markBookingCharged,
  moveBookingsToPatient,
} from './modules/bookings/bookings.repository';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { createBookingsService } from './modules/bookings/bookings.service';
import { moveFormsToPatient } from './modules/consultation-forms/consultation-forms.repository';
import { consultationFormsRoutes } from './modules/consultation-forms/consultation-forms.routes';
import { createConsultationFormsService } from './modules/consultation-forms/consultation-forms.service';
import { dayCloseRoutes } from './modules/day-close/day-close.routes';
import { createDayCloseService } from './modules/day-close/day-close.service';
import { moveDentalRecordsToPatient } from './modules/dental/dental.repository';
import { dentalRoutes } from './modules/dental/dental.routes';
import { createDentalService } from './modules/dental/dental.service';
import { healthRoutes } from './modules/health/health.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { createIdentityService } from './modules/identity/identity.service';
import { createStaffService } from './modules/identity/identity.staff.service';
import { staffRoutes } from './modules/identity/staff.routes';
import type { TokenService } from './modules/identity/tokens';
import { leadsRoutes } from './modules/leads/leads.routes';
import { createLeadsService } from './modules/leads/leads.service';
import { mastersRoutes } from './modules/masters/masters.routes';
import { createMastersService } from './modules/masters/masters.service';
import { partnerRoutes } from './modules/partner/partner.routes';
import { createPartnerService } from './modules/partner/partner.service';
import { createPatientCsvService } from './modules/patients/patients.csv.service';
import { createPatientMergeService } from './modules/patients/patients.merge.service';
import { patientsRoutes } from './modules/patients/patients.routes';
import { createPatientsService } from './modules/patients/patients.service';
import { createPatientTimelineService } from './modules/patients/patients.timeline.service';
import { paymentRoutes, publicPaymentRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { createReferralsService } from './modules/referrals/referrals.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReportsService } from './modules/reports/reports.service';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { createScheduleService } from './modules/schedule/schedule.service';
import { sitePageRoutes, siteRoutes } from './modules/site/site.routes';
import { createSiteService } from './modules/site/site.service';
import { starterListsRoutes } from './modules/starter-lists/starter-lists.routes';
import { createStarterListsService } from './modules/starter-lists/starter-lists.service';
import { tvRoutes } from './modules/tv/tv.routes';
import { createTvService } from './modules/tv/tv.service';
import { publicUploadsRoutes, uploadsRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createUsageLimiter } from './modules/usage-limits/usage-limits.service';
import { createWalletService } from './modules/wallet/wallet.service';
import { createWhatsAppMessagesService } from './modules/whatsapp-messages/whatsapp-messages.service';

interface SharedDeps {
  database: Database;
  messenger: Messenger;
  /** Where prescription links go on WhatsApp; absent, they are only kept in the outbox. */
  whatsapp?: WhatsAppSender;
  /** The app's address (PUBLIC_URL), which links sent to patients start with; absent, they hold the path only. */
  publicUrl?: string;
  clock: Clock;
  /** Woken after a lead is stored, so it is forwarded at once (absent: leads stay local). */
  leadForwarder?: { wake(): void };
  /** Where uploaded images go: local disk (UPLOADS_DIR) or S3, chosen by main.ts. */
  storage: FileStorage;
  /**
   * Where wallet recharges are paid: Razorpay (RAZORPAY_KEY_ID …) or the labelled test gateway
   * (PAYMENT_GATEWAY=test); null: none, a recharge is refused (main.ts chooses, configured-payment-gateway.ts).
   */
  paymentGateway: PaymentGateway | null;
  /** A referrer's reward once its referred clinic has paid as much through Razorpay (REFERRAL_REWARD); 500 when absent. */
  referralRewardRupees?: number;
  /** Live updates of the bookings screens; in process when absent (one process, the embedded database). */
  bookingEvents?: BookingEvents;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA to serve; without it the server answers /api only. */
  webDir?: string;
  /** What a clinic's account may send and store (WHATSAPP_SENDS_PER_LOCATION_HOUR, UPLOAD_*); the defaults when absent. */
  limits?: UsageLimits;
  /** Which X-Forwarded-For entries to believe (TRUST_PROXY): none when absent. */
  trustProxy?: TrustProxy;
  /** How often live streams send their heartbeat (EVENT_STREAM_HEARTBEAT_SECONDS); 25 s when absent. */
  eventStreamHeartbeatMs?: number;
}

/** Who signs people in: our own identity service, or a Cognito user pool (IDENTITY_ISSUER). */
export type AppDeps = SharedDeps &
  (
    | { tokens: TokenService; cognito?: undefined }
    /** No /api/identity then: the web app signs in at the pool, the API accepts the pool's id tokens. */
    | { cognito: CognitoPool; tokens?: undefined }
  );

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // On close (main.ts's shutdown): idle keep-alive connections are closed at once, and a request
    // that still arrives on a busy one is answered, with Connection: close, rather than with a 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // A request Node could not read still gets our { message, code } (routing-errors.ts).
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route is added, so each is learnt: a known path asked with another method answers 405.
  const methodsOf = learnRouteMethods(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Where the web app signs in, and what checks the id tokens it then sends.
  const signIn = deps.cognito ?? {
    endpoint: '/api/identity',
    clientId: deps.tokens.clientId,
    verifier: builtInTokenVerifier(deps.tokens),
  };

  // Razorpay Checkout is its script, loaded on demand, and its window in a frame.
  const razorpay = deps.paymentGateway?.name === 'razorpay';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(razorpay ? ['https://checkout.razorpay.com'] : [])],
        ...(razorpay ? { frameSrc: ["'self'", 'https://api.razorpay.com'] } : {}),
        // MUI writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // The web app calls the user pool's endpoint itself when one is configured.
        connectSrc: ["'self'", ...(deps.cognito ? [new URL(deps.cognito.endpoint).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(compress, { threshold: 1024 });
  // The one rate limiter: an endpoint that names a rate limit in the contract gets it, with our 429.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.tooManyRequests),
  });
  await registerApiDocs(app);

  const { db } = deps.database;
  const usageLimiter = createUsageLimiter({ db, clock: deps.clock });
  const access = createAccessService({ db, verifier: signIn.verifier, clock: deps.clock });
  const starterLists = createStarterListsService({ db });
  const referrals = createReferralsService({
    db,
    clock: deps.clock,
    publicUrl: deps.publicUrl ?? '',
    rewardRupees: deps.referralRewardRupees ?? defaultReferralRewardRupees,
  });
  // Who may call each contract endpoint, and what guards it, is the endpoint's (decision 039).
  app.addHook('onRequest', createEndpointAccess(access));
  app.addHook('preHandler', createEndpointGuard(access));

  await app.register(referralsRoutes(referrals), { prefix: '/api' });
  await app.register(healthRoutes({ database: deps.database }), { prefix: '/api' });
  if (deps.tokens) {
    const identity = createIdentityService({
      db,
      tokens: deps.tokens,
      messenger: deps.messenger,
      clock: deps.clock,
      starterLists,
      referrals,
    });
    await app.register(identityRoutes(identity), { prefix: '/api' });
  }
  await app.register(
    appConfigRoutes({ identityEndpoint: signIn.endpoint, identityClientId: signIn.clientId }),
    { prefix: '/api' },
  );
  const leads = createLeadsService({ db, clock: deps.clock, onLeadStored: () => deps.leadForwarder?.wake() });
  await app.register(leadsRoutes(leads), { prefix: '/api' });
  const bookingEvents = deps.bookingEvents ?? createInProcessBookingEvents();
  const wallet = createWalletService({
    clock: deps.clock,
    bookingCharges: { claimOnline: claimOnlineBookingCharge, markCharged: markBookingCharged },
  });
  const whatsappMessages = createWhatsAppMessagesService({
    db,
    whatsapp: deps.whatsapp ?? recordingWhatsApp,
    usageLimiter,
    limits: deps.limits ?? defaultUsageLimits,
    publicUrl: deps.publicUrl ?? '',
  });
  // The one writer of patients: bookings, prescriptions and bills find or create theirs through it.
  const patients = createPatientsService({ db, clock: deps.clock });
  const bookings = createBookingsService({
    db,
    clock: deps.clock,
    wallet,
    patients,
    events: bookingEvents,
    usageLimiter,
    whatsappMessages,
  });
  await app.register(bookingsRoutes(bookings), { prefix: '/api' });
  const tv = createTvService({ db, clock: deps.clock, events: bookingEvents, bookings });
  await app.register(tvRoutes(tv, { heartbeatMs: deps.eventStreamHeartbeatMs }), { prefix: '/api' });
  // The bookings service answers the schedule's own port (QueueBookings): what is booked, and
  // cancelling the bookings in time a change takes away; the schedule never imports bookings.
  const schedule = createScheduleService({ db, clock: deps.clock, bookings });
  await app.register(scheduleRoutes(schedule), { prefix: '/api' });
  const site = createSiteService({ db, schedule, wallet, isAppHost: appHostCheck(deps.publicUrl) });
  await app.register(siteRoutes(site), { prefix: '/api' });
  await app.register(sitePageRoutes(site));

  const uploads = createUploadsService({
    db,
    clock: deps.clock,
    storage: deps.storage,
    usageLimiter,
    limits: deps.limits ?? defaultUsageLimits,
  });
  await app.register(publicUploadsRoutes(uploads), { prefix: '/api/public' });
  await app.register(
    staffRoutes(createStaffService({ db, clock: deps.clock, uploads, externalPool: !!deps.cognito })),
    { prefix: '/api' },
  );
  const consultationForms = createConsultationFormsService({
    db,
    clock: deps.clock,
    patients,
    uploads,
    whatsappMessages,
  });
  await app.register(consultationFormsRoutes(consultationForms), { prefix: '/api' });
  const bills = createBillsService({ db, clock: deps.clock, patients, whatsappMessages });
  await app.register(billsRoutes(bills), { prefix: '/api' });
  const dayClose = createDayCloseService({
    db,
    clock: deps.clock,
    whatsappMessages,
    messenger: deps.messenger,
  });
  await app.register(dayCloseRoutes(dayClose), { prefix: '/api' });
  await app.register(reportsRoutes(createReportsService({ db, clock: deps.clock, whatsappMessages })), {
    prefix: '/api',
  });
  await app.register(dentalRoutes(createDentalService({ db, clock: deps.clock, whatsappMessages })), {
    prefix: '/api',
  });

  const payments = createPaymentsService({
    db,
    clock: deps.clock,
    gateway: deps.paymentGateway,
    referrals,
  });
  await app.register(publicPaymentRoutes(payments), { prefix: '/api/public/payment' });
  await app.register(paymentRoutes(payments), { prefix: '/api' });
  const partner = createPartnerService({ db, uploads, publicUrl: deps.publicUrl });
  await app.register(partnerRoutes(partner), { prefix: '/api' });
  await app.register(uploadsRoutes(uploads), { prefix: '/api' });
  await app.register(mastersRoutes(createMastersService({ db })), { prefix: '/api' });
  await app.register(auditRoutes(createAuditService({ db })), { prefix: '/api' });
  await app.register(starterListsRoutes(starterLists), { prefix: '/api' });
  const patientCsv = createPatientCsvService({ db, clock: deps.clock });
  const patientTimeline = createPatientTimelineService({ db });
  // A merge moves each table's rows through the module that writes that table (decision 042).
  const patientMerge = createPatientMergeService({
    db,
    clock: deps.clock,
    patients,
    movers: {
      bookings: moveBookingsToPatient,
      prescriptions: moveFormsToPatient,
      bills: moveBillsToPatient,
      receipts: moveReceiptsToPatient,
      dental: moveDentalRecordsToPatient,
    },
  });
  await app.register(patientsRoutes(patients, patientCsv, patientTimeline, patientMerge), { prefix: '/api' });
  // Not a contract endpoint: the stream signs its caller in itself, from ?token= as well as the header.
  await app.register(
    bookingEventsRoutes({ events: bookingEvents, access, heartbeatMs: deps.eventStreamHeartbeatMs }),
    { prefix: '/api' },
  );

  await registerWebApp(app, {
    webDir: deps.webDir,
    isClinicHost: site.isClinicHost,
    methodsOf,
  });
  return app;
}

/** A hop count as the function Fastify runs for one: believe the `hops` entries nearest to us. */
function fastifyTrustProxy(trustProxy: TrustProxy) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address: string, hop: number) => hop < hops;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
