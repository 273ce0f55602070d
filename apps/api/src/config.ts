import { join } from 'node:path';
import { hasAtMostTwoDecimals } from '@vaidya/contract/money';
import { z } from 'zod';
import type { WhatsAppTemplate } from './adapters/messaging/whatsapp';
import { heartbeatIntervalMs } from './http/event-stream';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

/** What a referrer's wallet gets, in rupees, once a clinic it referred has recharged as much through Razorpay. */
export const defaultReferralRewardRupees = 500;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A Cognito issuer is an origin and a user pool id. Its keys are fetched from
 * it, so plain http is allowed only to this machine (a local Cognito emulator).
 */
function isUserPoolIssuer(value: string): boolean {
  return isSecureUrl(value) && /^\/[\w-]+\/?$/.test(new URL(value).pathname);
}

/** https, or plain http to this machine only; no query, fragment or credentials. */
function isSecureUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
  return secure && !url.search && !url.hash && !url.username;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKUP_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  SEED_DEMO: flag,
  TRUST_PROXY: z
    .string()
    .refine(isTrustProxy, {
      error:
        'must be 0, a number of proxy hops like 1, or proxy addresses and CIDRs like 10.0.0.1,10.1.0.0/16',
    })
    .optional(),
  SERVE_WEB: flag,
  IDENTITY_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{1,128}$/, 'letters, digits, dot, dash or underscore')
    .optional(),
  IDENTITY_ISSUER: z
    .string()
    .refine(isUserPoolIssuer, {
      error: 'must be https://cognito-idp.<region>.amazonaws.com/<user pool id> (http only on this machine)',
    })
    .optional(),
  LEADS_WEBHOOK_URL: z.url().optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region like ap-south-1')
    .optional(),
  S3_ENDPOINT: z
    .url()
    .refine((value) => /^https?:\/\/[^/?#]+\/?$/.test(value), 'must be an origin like https://s3.example.com')
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  // No rule a token could break: a refused value would be printed in the start-up error.
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,32}$/, 'must be the phone number id, digits only')
    .optional(),
  WHATSAPP_PRESCRIPTION_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
    .default('prescription_link'),
  WHATSAPP_BILL_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
    .default('bill_link'),
  WHATSAPP_ESTIMATE_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
    .default('estimate_link'),
  WHATSAPP_BOOKING_CANCELLED_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
    .default('booking_cancelled'),
  WHATSAPP_DAY_SUMMARY_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
    .default('day_summary'),
  WHATSAPP_DUES_REMINDER_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
    .default('dues_reminder'),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a WhatsApp language code like en, en_US or hi')
    .default('en'),
  // The access token is sent there: plain http only to this machine (a local fake of Graph).
  WHATSAPP_API_URL: z
    .string()
    .refine(isSecureUrl, { error: 'must be an https URL like https://graph.facebook.com/v21.0' })
    .default('https://graph.facebook.com/v21.0'),
  // Secrets: no rule they could break, so a refused value is never printed.
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  // The key secret is sent there: plain http only to this machine (a local fake of Razorpay).
  RAZORPAY_API_URL: z
    .string()
    .refine(isSecureUrl, { error: 'must be an https URL like https://api.razorpay.com/v1' })
    .default('https://api.razorpay.com/v1'),
  PAYMENT_GATEWAY: z
    .enum(['test'], { error: 'must be test (the labelled test gateway, no real money)' })
    .optional(),
  WHATSAPP_SENDS_PER_LOCATION_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  UPLOADS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(100),
  EVENT_STREAM_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(heartbeatIntervalMs / 1000),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  REFERRAL_REWARD: z.coerce
    .number()
    .min(0)
    .max(100_000)
    .refine(hasAtMostTwoDecimals, 'must be rupees with at most two decimals')
    .default(defaultReferralRewardRupees),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Where backups of the embedded database are kept. */
  backupDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: (typeof logLevels)[number];
  /** undefined: seed on the first start with the embedded database only. */
  seedDemo: boolean | undefined;
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses and CIDRs. */
  trustProxy: TrustProxy;
  serveWeb: boolean;
  /** Who signs people in, and what the API accepts as an id token. */
  identity: IdentityConfig;
  /** The spreadsheet web script that receives each lead as text/plain. */
  leadsWebhookUrl: string | undefined;
  /** Where uploaded images are kept. */
  storage: StorageConfig;
  /** The WhatsApp Business number messages go out from; null: they stay in the outbox. */
  whatsapp: WhatsAppConfig | null;
  /** The Razorpay account wallet recharges are paid to; null: see `testPaymentGateway`. */
  razorpay: RazorpayConfig | null;
  /**
   * Without Razorpay, whether recharges go through the labelled test gateway (PAYMENT_GATEWAY=test,
   * or NODE_ENV=development); otherwise a recharge is refused and no money is ever credited.
   */
  testPaymentGateway: boolean;
  /** Limits on what a clinic's account can send and store. */
  limits: UsageLimits;
  /** Rupees credited to a referrer's wallet once a clinic it referred has paid as much through Razorpay. */
  referralRewardRupees: number;
  /**
   * How often a live stream (bookings screens, TVs) sends its heartbeat, which also checks the
   * session and reads a TV's display again; changes themselves are pushed as they happen.
   */
  eventStreamHeartbeatMs: number;
  /** How long a clean shutdown may take before the server exits with 1 anyway. */
  shutdownDeadlineMs: number;
};

export type TrustProxy = false | number | string[];

export type UsageLimits = {
  /** WhatsApp messages staff may send from one location in an hour. */
  whatsappSendsPerLocationHour: number;
  /** Bytes of uploaded files one clinic may keep. */
  uploadQuotaBytes: number;
  /** Files one clinic may upload in a day. */
  uploadsPerDay: number;
};

export const defaultUsageLimits: UsageLimits = {
  whatsappSendsPerLocationHour: 200,
  uploadQuotaBytes: 500 * 1024 * 1024,
  uploadsPerDay: 100,
};

const ipv4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const v4 = ipv4.test(address);
  const v6 =
    !v4 && /^[0-9a-fA-F:.]+$/.test(address) && address.includes(':') && URL.canParse(`http://[${address}]`);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

function isTrustProxy(value: string): boolean {
  if (/^(\d{1,2}|true|false)$/.test(value)) return true;
  return value.split(',').every((part) => isAddressOrCidr(part.trim()));
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it. A number counts the hops of proxies in front
 * (with 1, only the entry the last proxy added to X-Forwarded-For is believed); a list names
 * the proxies. `true` is read as 1: trusting every hop would let any client forge its address.
 */
function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

export type RazorpayConfig = {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
};

export type WhatsAppConfig = {
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** The approved template for each kind of message, and the language it was approved in. */
  templates: Record<WhatsAppTemplate['template'], { name: string; language: string }>;
};

export type StorageConfig =
  /** This machine's disk, behind our own signed upload endpoint. */
  | { kind: 'local'; dir: string }
  /** An S3 bucket (or an S3-compatible service at `endpoint`), by presigned POST. */
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
    };

export type IdentityConfig =
  /** Our own identity service at /api/identity, its keys in the database. */
  | { kind: 'built-in'; issuer: string; clientId: string }
  /** A Cognito user pool: the web app signs in there and the API accepts its id tokens. */
  | { kind: 'cognito'; issuer: string; clientId: string };

/**
 * The `iss` our own identity service writes into its tokens. It must be the
 * same in every process of a deployment, so it never depends on the port.
 */
export const defaultTokenIssuer = 'urn:vaidya:identity';

/** A reason the server cannot start, said in one line without a stack. */
export class StartupError extends Error {}

/** Reads the settings from the environment; a wrong value throws one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new StartupError(
      `Invalid ${name}=${JSON.stringify(known[name] ?? '')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL?.replace(/\/$/, '');
  const identity = identityConfig(e.IDENTITY_ISSUER, e.IDENTITY_CLIENT_ID, publicUrl);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicUrl ?? `http://localhost:${e.PORT}`,
    dataDir: e.DATA_DIR,
    backupDir: e.BACKUP_DIR ?? join(e.DATA_DIR, 'backups'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    serveWeb: e.SERVE_WEB ?? true,
    identity,
    leadsWebhookUrl: e.LEADS_WEBHOOK_URL,
    storage: storageConfig(e),
    whatsapp: whatsAppConfig(e),
    razorpay: razorpayConfig(e),
    testPaymentGateway: e.PAYMENT_GATEWAY === 'test' || e.NODE_ENV === 'development',
    limits: {
      whatsappSendsPerLocationHour: e.WHATSAPP_SENDS_PER_LOCATION_HOUR,
      uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
      uploadsPerDay: e.UPLOADS_PER_DAY,
    },
    referralRewardRupees: e.REFERRAL_REWARD,
    eventStreamHeartbeatMs: e.EVENT_STREAM_HEARTBEAT_SECONDS * 1000,
    shutdownDeadlineMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}

function whatsAppConfig(e: z.infer<typeof envSchema>): WhatsAppConfig | null {
  if (!e.WHATSAPP_ACCESS_TOKEN && !e.WHATSAPP_PHONE_NUMBER_ID) return null;
  if (!e.WHATSAPP_PHONE_NUMBER_ID) {
    throw new StartupError(
      'WHATSAPP_ACCESS_TOKEN needs WHATSAPP_PHONE_NUMBER_ID: the id of the WhatsApp Business phone number the messages come from',
    );
  }
  if (!e.WHATSAPP_ACCESS_TOKEN) {
    throw new StartupError(
      'WHATSAPP_PHONE_NUMBER_ID needs WHATSAPP_ACCESS_TOKEN: a token allowed to send messages from that number',
    );
  }
  return {
    apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: e.WHATSAPP_ACCESS_TOKEN,
    templates: {
      prescription: { name: e.WHATSAPP_PRESCRIPTION_TEMPLATE, language: e.WHATSAPP_TEMPLATE_LANGUAGE },
      bill: { name: e.WHATSAPP_BILL_TEMPLATE, language: e.WHATSAPP_TEMPLATE_LANGUAGE },
      estimate: { name: e.WHATSAPP_ESTIMATE_TEMPLATE, language: e.WHATSAPP_TEMPLATE_LANGUAGE },
      booking_cancelled: {
        name: e.WHATSAPP_BOOKING_CANCELLED_TEMPLATE,
        language: e.WHATSAPP_TEMPLATE_LANGUAGE,
      },
      day_summary: { name: e.WHATSAPP_DAY_SUMMARY_TEMPLATE, language: e.WHATSAPP_TEMPLATE_LANGUAGE },
      dues_reminder: { name: e.WHATSAPP_DUES_REMINDER_TEMPLATE, language: e.WHATSAPP_TEMPLATE_LANGUAGE },
    },
  };
}

const razorpayVariables = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/** All three Razorpay settings, or none of them (the test gateway). */
function razorpayConfig(e: z.infer<typeof envSchema>): RazorpayConfig | null {
  const missing = razorpayVariables.filter((name) => !e[name]);
  if (missing.length === razorpayVariables.length) return null;
  if (missing.length > 0 || !e.RAZORPAY_KEY_ID || !e.RAZORPAY_KEY_SECRET || !e.RAZORPAY_WEBHOOK_SECRET) {
    throw new StartupError(
      `Razorpay needs ${razorpayVariables.join(', ')} together; missing: ${missing.join(', ')}`,
    );
  }
  return {
    apiUrl: e.RAZORPAY_API_URL.replace(/\/$/, ''),
    keyId: e.RAZORPAY_KEY_ID,
    keySecret: e.RAZORPAY_KEY_SECRET,
    webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
  };
}

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local', dir: e.UPLOADS_DIR ?? join(e.DATA_DIR, 'uploads') };
  if (!e.S3_REGION) throw new StartupError('S3_BUCKET needs S3_REGION: the bucket’s region, like ap-south-1');
  if (!e.AWS_ACCESS_KEY_ID || !e.AWS_SECRET_ACCESS_KEY) {
    throw new StartupError(
      'S3_BUCKET needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: credentials allowed to put, get and delete the bucket’s objects',
    );
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    credentials: {
      accessKeyId: e.AWS_ACCESS_KEY_ID,
      secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
      ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
    },
  };
}

function identityConfig(
  issuer: string | undefined,
  clientId: string | undefined,
  publicUrl: string | undefined,
): IdentityConfig {
  if (!issuer) {
    return {
      kind: 'built-in',
      // The deployment's address when it is known, one fixed name otherwise: never the port.
      issuer: publicUrl ? `${publicUrl}/api/identity` : defaultTokenIssuer,
      clientId: clientId ?? 'vaidya-web',
    };
  }
  if (!clientId) {
    throw new StartupError(
      'IDENTITY_ISSUER needs IDENTITY_CLIENT_ID: the id of the user pool’s app client the web app signs in with',
    );
  }
  return { kind: 'cognito', issuer: issuer.replace(/\/$/, ''), clientId };
}
