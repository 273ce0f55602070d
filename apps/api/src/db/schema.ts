import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A clinic or practitioner account (spec §3 "Partner info"). */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    speciality_type: text('speciality_type').notNull().default('DOCTOR'),
    subscription_type: text('subscription_type').notNull().default('standard'),
    wallet_balance: numeric('wallet_balance', { precision: 12, scale: 2 }).notNull().default('0'),
    charge_per_booking: numeric('charge_per_booking', { precision: 12, scale: 2 }).notNull().default('0'),
    profile_images: text('profile_images').array().notNull().default(sql`'{}'::text[]`),
    qr_code_domain: text('qr_code_domain'),
    domain_url: text('domain_url'),
    time_zone: text('time_zone').notNull().default('Asia/Kolkata'),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('partners_subscription_type_check', sql`${t.subscription_type} in ('standard', 'wallet')`),
    check('partners_charge_per_booking_check', sql`${t.charge_per_booking} >= 0`),
  ],
);

/** A place where a partner sees patients (spec §3 "Location"). */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    location_name: text('location_name').notNull(),
    address: text('address').notNull().default(''),
    contact_no: text('contact_no').notNull().default(''),
    location_images: text('location_images').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [index('locations_partner_id_idx').on(t.partner_id, t.created_at)],
);

/** A person who signs in; belongs to one partner. Emails are stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone_number: text('phone_number'),
    password_hash: text('password_hash').notNull(),
    /** Cognito's user statuses that this product uses. */
    status: text('status').notNull().default('UNCONFIRMED'),
    role: text('role').notNull().default('staff'),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_partner_id_idx').on(t.partner_id),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'users_status_check',
      sql`${t.status} in ('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED')`,
    ),
    check('users_role_check', sql`${t.role} in ('owner', 'staff')`),
  ],
);

/** Refresh tokens are stored as SHA-256 hashes only; revoking sets revoked_at. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.token_hash),
    index('refresh_tokens_user_id_idx').on(t.user_id),
  ],
);

/** Sign-up confirmation and password-reset codes: hashed, single-use, expiring, attempt-limited. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_user_purpose_idx').on(t.user_id, t.purpose, t.created_at),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('SIGN_UP', 'RESET_PASSWORD')`),
  ],
);

/**
 * Failed sign-ins per user name, whether or not such a user exists, so a
 * lockout answers the same for an unknown name as for a real one.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull().default(0),
  locked_until: timestamp('locked_until', { withTimezone: true }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The identity service's token signing keys; the newest signs, all are published in the JWKS. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  private_jwk: jsonb('private_jwk').notNull(),
  public_jwk: jsonb('public_jwk').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages the default messaging adapter keeps instead of sending (codes, later WhatsApp). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(t.recipient, t.created_at),
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
  ],
);

/** Contact requests from the landing page; forwarded to the spreadsheet until it accepts them. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone_number: text('phone_number').notNull(),
    name: text('name').notNull(),
    specialty: text('specialty').notNull(),
    location: text('location').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    forwarded_at: timestamp('forwarded_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_error: text('last_error'),
  },
  (t) => [index('leads_pending_idx').on(t.next_attempt_at).where(sql`${t.forwarded_at} is null`)],
);
