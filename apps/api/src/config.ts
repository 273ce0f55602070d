import { join } from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A Cognito issuer is an origin and a user pool id. Its keys are fetched from
 * it, so plain http is allowed only to this machine (a local Cognito emulator).
 */
function isUserPoolIssuer(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
  return secure && /^\/[\w-]+\/?$/.test(url.pathname) && !url.search && !url.hash && !url.username;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  SEED_DEMO: flag,
  TRUST_PROXY: flag,
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
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: (typeof logLevels)[number];
  /** undefined: seed on the first start with the embedded database only. */
  seedDemo: boolean | undefined;
  trustProxy: boolean;
  serveWeb: boolean;
  /** Who signs people in, and what the API accepts as an id token. */
  identity: IdentityConfig;
  /** The spreadsheet web script that receives each lead as text/plain. */
  leadsWebhookUrl: string | undefined;
  /** Where uploaded images are kept. */
  storage: StorageConfig;
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
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY ?? false,
    serveWeb: e.SERVE_WEB ?? true,
    identity,
    leadsWebhookUrl: e.LEADS_WEBHOOK_URL,
    storage: storageConfig(e),
  };
}

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local', dir: e.UPLOADS_DIR ?? join(e.DATA_DIR, 'uploads') };
  if (!e.S3_REGION) throw new StartupError('S3_BUCKET needs S3_REGION: the bucket’s region, like ap-south-1');
  if (!e.AWS_ACCESS_KEY_ID || !e.AWS_SECRET_ACCESS_KEY) {
    throw new StartupError(
      'S3_BUCKET needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: credentials allowed to put and get the bucket’s objects',
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
