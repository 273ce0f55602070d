import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

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
    .default('vaidya-web'),
  LEADS_WEBHOOK_URL: z.url().optional(),
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
  /** The app client id the identity service accepts (Cognito's ClientId). */
  identityClientId: string;
  /** The spreadsheet web script that receives each lead as text/plain. */
  leadsWebhookUrl: string | undefined;
};

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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY ?? false,
    serveWeb: e.SERVE_WEB ?? true,
    identityClientId: e.IDENTITY_CLIENT_ID,
    leadsWebhookUrl: e.LEADS_WEBHOOK_URL,
  };
}
