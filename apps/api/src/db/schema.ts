import { auditActions, auditRecordTypes } from '@vaidya/contract/audit';
import { paymentModes } from '@vaidya/contract/bills';
import type { ConsultationContent } from '@vaidya/contract/consultation-forms';
import { dentalConditions, findingStates, planItemStatuses, planStatuses } from '@vaidya/contract/dental';
import { outboxStatuses } from '@vaidya/contract/documents';
import { treatmentTypes } from '@vaidya/contract/masters';
import { subscriptionTypes, toothNumberings } from '@vaidya/contract/partner';
import { bloodGroups, medicalAlerts } from '@vaidya/contract/patients';
import { walletMovementKinds } from '@vaidya/contract/payments';
import { userRoles } from '@vaidya/contract/roles';
import { specialities } from '@vaidya/contract/specialities';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WhatsAppTemplate } from '../adapters/messaging/whatsapp';

/** A fixed list of the contract's words as SQL's `in (…)` list, for a check constraint. */
const inList = (words: readonly string[]) => sql.raw(words.map((word) => `'${word}'`).join(', '));

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The host part of a stored `domain_url`, lower-case: an address saved before the
 * contract required `https://host` may read 'https://Clinic.example/book' or
 * 'clinic.example:443'. The site lookup and its index share this one expression.
 */
export function domainUrlHost(domainUrl: AnyPgColumn) {
  return sql`lower(split_part(split_part(regexp_replace(${domainUrl}, '^[A-Za-z][A-Za-z0-9+.-]*://', ''), '/', 1), ':', 1))`;
}

/** A clinic or practitioner account (spec §3 "Partner info"). */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    speciality_type: text('speciality_type', { enum: specialities }).notNull().default('DOCTOR'),
    subscription_type: text('subscription_type', { enum: subscriptionTypes }).notNull().default('standard'),
    wallet_balance: numeric('wallet_balance', { precision: 12, scale: 2 }).notNull().default('0'),
    charge_per_booking: numeric('charge_per_booking', { precision: 12, scale: 2 }).notNull().default('0'),
    profile_images: text('profile_images').array().notNull().default(sql`'{}'::text[]`),
    qr_code_domain: text('qr_code_domain'),
    domain_url: text('domain_url'),
    time_zone: text('time_zone').notNull().default('Asia/Kolkata'),
    /** Upload keys of the prescription layout images; null when none is set. */
    consultation_form_header_url: text('consultation_form_header_url'),
    consultation_form_footer_url: text('consultation_form_footer_url'),
    authorised_signature_url: text('authorised_signature_url'),
    /** The code of the clinic's personal referral link (`/sign-up-secure?ref=<code>`). */
    referral_code: text('referral_code'),
    /** The clinic whose referral link this one signed up with. */
    referred_by: uuid('referred_by').references((): AnyPgColumn => partners.id, { onDelete: 'set null' }),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Paise a wallet clinic owes for queue actions its balance could not cover (decision 027):
     * kept outside the ledger, so the ledger still sums to the balance; settled by the next recharge.
     */
    wallet_owed_paise: bigint('wallet_owed_paise', { mode: 'number' }).notNull().default(0),
    /** How many days ahead the booking website offers dates and takes bookings. */
    booking_window_days: integer('booking_window_days').notNull().default(60),
    /**
     * The clinic's last patient number given; the patients module takes the next with
     * `UPDATE … RETURNING` in the adding transaction, so two desks never get one number.
     */
    last_patient_number: integer('last_patient_number').notNull().default(0),
    /** How the dental chart numbers teeth on screen (issue 22); the API always speaks FDI. */
    tooth_numbering: text('tooth_numbering', { enum: toothNumberings }).notNull().default('FDI'),
    /** Whether the printed prescription carries the dental chart as it stood on the form's date. */
    print_dental_chart: boolean('print_dental_chart').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('partners_wallet_owed_paise_check', sql`${t.wallet_owed_paise} >= 0`),
    check('partners_tooth_numbering_check', sql`${t.tooth_numbering} in ('FDI', 'UNIVERSAL')`),
    check('partners_booking_window_days_check', sql`${t.booking_window_days} between 1 and 365`),
    check('partners_subscription_type_check', sql`${t.subscription_type} in ('standard', 'wallet')`),
    check(
      'partners_speciality_type_check',
      sql`${t.speciality_type} in ('DOCTOR', 'DENTIST', 'PHYSIOTHERAPIST', 'DERMATOLOGIST', 'PAEDIATRICIAN', 'GYNAECOLOGIST', 'OTHER')`,
    ),
    check('partners_charge_per_booking_check', sql`${t.charge_per_booking} >= 0`),
    check('partners_wallet_balance_check', sql`${t.wallet_balance} >= 0`),
    // The booking website is found by either; two clinics can never share one.
    uniqueIndex('partners_qr_code_domain_key').on(t.qr_code_domain),
    uniqueIndex('partners_domain_url_key').on(t.domain_url),
    uniqueIndex('partners_referral_code_key').on(t.referral_code),
    // What the public booking website looks a clinic up by, on every visit.
    index('partners_qr_code_domain_lower_idx').on(sql`lower(${t.qr_code_domain})`),
    index('partners_domain_url_host_idx').on(domainUrlHost(t.domain_url)),
  ],
);

/**
 * A clinic's earlier website names (`partners.qr_code_domain` before a rename), lower-case: the
 * old `/site/<name>` of a printed QR code still leads to the clinic's website, and no other clinic
 * can take the name (decision 030). Written only by the partner module, which owns the name.
 */
export const siteAliases = pgTable(
  'site_aliases',
  {
    name: text('name').primaryKey(),
    partner_id: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_aliases_partner_id_idx').on(t.partner_id),
    check('site_aliases_name_lower_check', sql`${t.name} = lower(${t.name})`),
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
    status: text('status', {
      enum: ['UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED'],
    })
      .notNull()
      .default('UNCONFIRMED'),
    /** What the person may do (issue 23, decision 047); the server reads it on every call. */
    role: text('role', { enum: userRoles }).notNull().default('front_desk'),
    /** The `sub` of this user in an external Cognito user pool (IDENTITY_ISSUER); null with the built-in identity service. */
    identity_subject: text('identity_subject'),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when a one-time password an owner issued (Add staff, Reset password) signs in; null once the user set their own. */
    temporary_password_expires_at: timestamp('temporary_password_expires_at', { withTimezone: true }),
    last_signed_in_at: timestamp('last_signed_in_at', { withTimezone: true }),
    /** A doctor's profile, printed on the prescriptions they write (NMC): qualification, council, number, signature. */
    qualification: text('qualification'),
    registration_council: text('registration_council'),
    registration_number: text('registration_number'),
    /** The uploaded signature image's address, as the prescription layout's images are kept. */
    signature_url: text('signature_url'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_identity_subject_key').on(t.identity_subject),
    index('users_partner_id_idx').on(t.partner_id),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'users_status_check',
      sql`${t.status} in ('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED')`,
    ),
    check('users_role_check', sql`${t.role} in (${inList(userRoles)})`),
  ],
);

/** The locations a member of staff works at (issue 23); an owner works at all and has no rows. */
export const userLocations = pgTable(
  'user_locations',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    location_id: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    partner_id: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.location_id] }),
    index('user_locations_location_idx').on(t.location_id),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes only. Every refresh retires the token it used
 * (retired_at, replaced_by) and issues a new one in the same family; a family is one sign-in
 * session, and its first token's id is the family id and the tokens' origin_jti (decision 025).
 * Revoking sets revoked_at on every token of the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id')
      .notNull()
      .references((): AnyPgColumn => refreshTokens.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    retired_at: timestamp('retired_at', { withTimezone: true }),
    replaced_by: uuid('replaced_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.token_hash),
    index('refresh_tokens_user_id_idx').on(t.user_id),
    index('refresh_tokens_family_id_idx').on(t.family_id),
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
    /**
     * 'recorded' (kept here only), 'waiting' (sent by the system itself past a sending limit:
     * goes out once the limit allows), 'sent' (accepted by the provider) or 'failed' (with `error`).
     */
    status: text('status', { enum: outboxStatuses }).notNull().default('recorded'),
    error: text('error'),
    /** The prescription or bill a WhatsApp message carries; null for identity codes. */
    reference_id: uuid('reference_id'),
    /** The location a WhatsApp message is sent from, whose hourly sending limit it counts against. */
    location_id: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** The WhatsApp template message as it goes out (without the recipient): what a waiting message sends. */
    template_message: jsonb('template_message').$type<WhatsAppTemplate>(),
    provider_message_id: text('provider_message_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(t.recipient, t.created_at),
    index('outbox_messages_reference_idx').on(t.reference_id, t.created_at),
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
    check('outbox_messages_status_check', sql`${t.status} in ('recorded', 'waiting', 'sent', 'failed')`),
    index('outbox_messages_waiting_idx').on(t.created_at).where(sql`${t.status} = 'waiting'`),
    check(
      'outbox_messages_waiting_check',
      sql`${t.status} <> 'waiting' or (${t.location_id} is not null and ${t.template_message} is not null)`,
    ),
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

/*
 * Consultation masters: each partner's own pick lists for prescriptions and bills.
 * Names are unique per partner whatever their case, and searched through a
 * trigram index on lower(name) so a search stays fast on long lists.
 */
function masterIndexes(table: string, partnerId: AnyPgColumn, name: AnyPgColumn) {
  return [
    uniqueIndex(`${table}_partner_name_key`).on(partnerId, sql`lower(${name})`),
    index(`${table}_name_trgm_idx`).using('gin', sql`lower(${name}) gin_trgm_ops`),
  ];
}

const partnerId = () =>
  uuid('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' });

const nameText = <Name extends string>(name: Name) => text(name).notNull();

/**
 * A master that is a name and nothing more: its own id, its partner, the name and when
 * it changed. The name column is keyed by a type parameter, which an object literal
 * cannot say by itself, so its record type is written out once here.
 */
function nameOnlyMasterTable<Table extends string, Name extends string>(table: Table, name: Name) {
  const nameColumn = { [name]: nameText(name) } as Record<Name, ReturnType<typeof nameText<Name>>>;
  return pgTable(
    table,
    { id: uuid('id').primaryKey().defaultRandom(), partner_id: partnerId(), ...nameColumn, ...timestamps },
    (t) => masterIndexes(table, t.partner_id, t[name]),
  );
}

export const complaints = nameOnlyMasterTable('complaints', 'complaint_name');
export const diagnoses = nameOnlyMasterTable('diagnoses', 'diagnosis_name');
export const investigations = nameOnlyMasterTable('investigations', 'investigation_name');
export const observations = nameOnlyMasterTable('observations', 'observation_name');

/** Medicines (spec §3 "Medicine (product)") with the default dosage a prescription starts from. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    product_name: text('product_name').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }),
    tax_percentage: numeric('tax_percentage', { precision: 5, scale: 2 }),
    composition: text('composition').notNull().default(''),
    dosage_qty: text('dosage_qty').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    days: integer('days'),
    is_morning: boolean('is_morning').notNull().default(false),
    is_afternoon: boolean('is_afternoon').notNull().default(false),
    is_evening: boolean('is_evening').notNull().default(false),
    is_sos: boolean('is_sos').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    ...masterIndexes('products', t.partner_id, t.product_name),
    // The list search matches the composition too ("gluconate" finds Chlorhexidine Mouthwash).
    index('products_composition_trgm_idx').using('gin', sql`lower(${t.composition}) gin_trgm_ops`),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_tax_percentage_check', sql`${t.tax_percentage} between 0 and 100`),
    check('products_days_check', sql`${t.days} >= 0`),
  ],
);

/** A named set of medicines prescribed together; the order is the order they were picked. */
export const productTemplates = nameOnlyMasterTable('product_templates', 'template_name');

export const productTemplateItems = pgTable(
  'product_template_items',
  {
    template_id: uuid('template_id')
      .notNull()
      .references(() => productTemplates.id, { onDelete: 'cascade' }),
    // Deleting a medicine takes it out of the templates that listed it.
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.template_id, t.position] }),
    uniqueIndex('product_template_items_product_key').on(t.template_id, t.product_id),
    index('product_template_items_product_id_idx').on(t.product_id),
  ],
);

/** The shared list of dental procedures a treatment can chart; seeded by the migration. */
export const dentalTreatmentTypes = pgTable(
  'dental_treatment_types',
  {
    id: integer('id').primaryKey(),
    treatment_name: text('treatment_name').notNull().unique('dental_treatment_types_name_key'),
    /**
     * The chart condition a completed plan item of this procedure records on its tooth
     * (issue 22): Filling → filling, Extraction → missing; null records none (scaling).
     */
    produces_condition: text('produces_condition', { enum: dentalConditions }),
  },
  (t) => [
    check(
      'dental_treatment_types_produces_condition_check',
      sql`${t.produces_condition} in (${inList(dentalConditions)})`,
    ),
  ],
);

export const treatments = pgTable(
  'treatments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    treatment_name: text('treatment_name').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }),
    type: text('type', { enum: treatmentTypes }).notNull().default('SERVICE'),
    dental_treatment_id: integer('dental_treatment_id').references(() => dentalTreatmentTypes.id),
    ...timestamps,
  },
  (t) => [
    ...masterIndexes('treatments', t.partner_id, t.treatment_name),
    check('treatments_type_check', sql`${t.type} in ('SERVICE', 'PRODUCT')`),
    check('treatments_price_check', sql`${t.price} >= 0`),
  ],
);

// ── Scheduling and bookings (spec §3, §4, §9) ──────────────────────────────

export const slotStatuses = ['booked', 'showed_up', 'called', 'completed', 'no_show', 'cancelled'] as const;
export const slotSources = ['front_desk', 'online'] as const;
export const patientGenders = ['male', 'female', 'other'] as const;

/** A doctor's consultation line at one location ("Dr Rao — OPD"), cut into slots of `slot_size` minutes. */
export const queues = pgTable(
  'queues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    location_id: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    queue_name: text('queue_name').notNull(),
    slot_size: integer('slot_size').notNull().default(15),
    /** The doctor who sees this queue's patients (issue 23): the queues whose schedule that doctor may change. */
    doctor_user_id: uuid('doctor_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('queues_location_id_idx').on(t.location_id, t.created_at),
    index('queues_partner_id_idx').on(t.partner_id),
    check('queues_slot_size_check', sql`${t.slot_size} between 5 and 120`),
  ],
);

/** One weekly session of a queue: weekday 0 = Sunday … 6, local times of the partner's time zone. */
export const queueTimings = pgTable(
  'queue_timings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    queue_id: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    start_time: time('start_time').notNull(),
    end_time: time('end_time').notNull(),
    ...timestamps,
  },
  (t) => [
    index('queue_timings_queue_id_idx').on(t.queue_id, t.weekday, t.start_time),
    check('queue_timings_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('queue_timings_order_check', sql`${t.start_time} < ${t.end_time}`),
  ],
);

/** A queue closed for a whole date (no times) or part of it. */
export const offDays = pgTable(
  'off_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    queue_id: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    start_time: time('start_time'),
    end_time: time('end_time'),
    ...timestamps,
  },
  (t) => [
    index('off_days_queue_id_idx').on(t.queue_id, t.date),
    check(
      'off_days_times_check',
      sql`(${t.start_time} is null and ${t.end_time} is null) or (${t.start_time} is not null and ${t.end_time} is not null and ${t.start_time} < ${t.end_time})`,
    ),
  ],
);

/**
 * The form of a name two patients are compared by: "same patient" is the same mobile and this
 * key, so "Asha  patil " is "Asha Patil" and the mother's child on her phone is another patient.
 */
export function patientNameKey(name: SQL | AnyPgColumn | string) {
  return sql<string>`lower(regexp_replace(btrim(${name}), '\\s+', ' ', 'g'))`;
}

/**
 * A patient of one partner (issue 21), found by a normalised 10-digit Indian mobile number and
 * name (a family shares one phone), or by the clinic's patient number. An age typed in is kept
 * as an approximate date of birth, so it stays right next year; the age read back is computed
 * (`patientAge`). A patient merged into another keeps its row, pointing at the one kept.
 */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    /** The clinic's number for the patient: its next counter value, or one kept from another system ("SDC-0042"). */
    patient_number: text('patient_number').notNull(),
    name: text('name').notNull(),
    /** The name as "same patient" compares it (`patientNameKey`), kept by the database. */
    name_key: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => patientNameKey(patients.name)),
    mobile: text('mobile').notNull(),
    gender: text('gender', { enum: patientGenders }),
    date_of_birth: date('date_of_birth'),
    date_of_birth_approximate: boolean('date_of_birth_approximate').notNull().default(false),
    address: text('address'),
    email: text('email'),
    blood_group: text('blood_group', { enum: bloodGroups }),
    allergies: text('allergies').array().notNull().default(sql`'{}'::text[]`),
    medical_alerts: text('medical_alerts', { enum: medicalAlerts })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    alert_notes: text('alert_notes'),
    notes: text('notes'),
    first_seen_on: date('first_seen_on').notNull(),
    /** The patient this one was merged into (`patient_merges`); null for a patient of the registry. */
    merged_into_id: uuid('merged_into_id').references((): AnyPgColumn => patients.id),
    /**
     * The latest date the patient came: a booking of theirs showed up, called or completed
     * (decision 043). Kept by the patients module (`refreshLastVisit`) in each transaction that
     * changes a booking's state, date or patient; null before the first visit.
     */
    last_visit_on: date('last_visit_on'),
    ...timestamps,
  },
  (t) => [
    // One live patient per mobile and name; the family's others are other names. Also the
    // lookup of a mobile's patients (the desk's list), as its leading columns.
    uniqueIndex('patients_partner_mobile_name_key')
      .on(t.partner_id, t.mobile, t.name_key)
      .where(sql`${t.merged_into_id} is null`),
    // The registry's search (patients.repository `searchPatients`). A number is one patient's
    // whatever its case, and the exact match is this index's lookup.
    uniqueIndex('patients_partner_number_key').on(t.partner_id, sql`lower(${t.patient_number})`),
    // Names starting with the text, the best of the name matches. A start too rare for a walk of
    // patients_partner_last_visit_idx reads its matches from here alone, with the order's
    // columns and whether merged, then sorts them (decision 043). Not partial: the planner
    // takes lower(name)'s statistics only from an index over the whole table.
    index('patients_partner_name_idx').on(
      t.partner_id,
      sql`lower(${t.name}) text_pattern_ops`,
      t.last_visit_on.desc().nullsLast(),
      t.name,
      t.id,
      t.merged_into_id,
    ),
    // Digits anywhere in the mobile: a trigram index answers LIKE '%digits%' from 3 digits on.
    index('patients_mobile_trgm_idx').using('gin', sql`${t.mobile} gin_trgm_ops`),
    // The registry's order, last visit newest first, then name: the blank list and each rank
    // of a name search walk it and stop at the page's end (decision 043), the name read from
    // the index itself.
    index('patients_partner_last_visit_idx')
      .on(t.partner_id, t.last_visit_on.desc().nullsLast(), t.name, t.id)
      .where(sql`${t.merged_into_id} is null`),
    check('patients_mobile_check', sql`${t.mobile} ~ '^[6-9][0-9]{9}$'`),
    check('patients_gender_check', sql`${t.gender} in ('male', 'female', 'other')`),
    check(
      'patients_blood_group_check',
      sql`${t.blood_group} in ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')`,
    ),
  ],
);

/**
 * The clinic's today at `now`: the date in the time zone of the partner `partnerId` names. The
 * inner table has its own alias, as Drizzle leaves the columns of a one-table query unqualified.
 */
export function clinicToday(partnerId: SQL | AnyPgColumn | string, now: Date) {
  return sql`(${now.toISOString()}::timestamptz at time zone (select clinic.time_zone from partners as clinic where clinic.id = ${partnerId}))::date`;
}

/** A patient's age in whole years at `now` in their clinic's time zone, from the date of birth; null without one. */
export function patientAge(now: Date) {
  return sql<
    number | null
  >`date_part('year', age(${clinicToday(patients.partner_id, now)}, ${patients.date_of_birth}))::int`;
}

/** The approximate date of birth of a patient of `partnerId` who is `age` at `now`: the clinic's today, `age` years back. */
export function birthDateOfAge(partnerId: string, age: number, now: Date) {
  return sql<string>`(${clinicToday(partnerId, now)} - make_interval(years => ${age}::int))::date`;
}

/**
 * Each word of a live patient's name, with the registry's order beside it (decision 045): the
 * search for a word start walks it in last-visit order and stops at the page's end, and counts
 * its matches without reading every posting of a trigram. Kept by the database itself (the
 * trigger `patients_name_words_sync`, migration 0021) from the patient's name, last visit and
 * merge, like `name_key`; no module writes it.
 */
export const patientNameWords = pgTable(
  'patient_name_words',
  {
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    partner_id: partnerId(),
    /** One word of the lowered name, as the search splits it: at each blank. */
    word: text('word').notNull(),
    /** The word's first three letters: a search of three or more walks one start's words in order. */
    word_start: text('word_start')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`left(${patientNameWords.word}, 3)`),
    last_visit_on: date('last_visit_on'),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.patient_id, t.word] }),
    // A start's words in page order: the walk stops after the page (or the count's cap); a
    // longer text filters the start's words on the way (decision 045).
    index('patient_name_words_start_idx').on(
      t.partner_id,
      t.word_start,
      t.last_visit_on.desc().nullsLast(),
      t.name,
      t.patient_id,
      t.word,
    ),
  ],
);

/**
 * A merge of two records of one patient (issue 21): who merged which into which, when, and how
 * many of each record moved. The merged patient's row stays, marked `merged_into_id`.
 */
export const patientMerges = pgTable(
  'patient_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    kept_patient_id: uuid('kept_patient_id')
      .notNull()
      .references(() => patients.id),
    merged_patient_id: uuid('merged_patient_id')
      .notNull()
      .references(() => patients.id),
    merged_by: uuid('merged_by').references(() => users.id, { onDelete: 'set null' }),
    merged_at: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many bookings, prescriptions, bills and payments moved to the kept patient. */
    moved: jsonb('moved').$type<Record<string, number>>().notNull(),
  },
  (t) => [
    // A patient is merged away once.
    uniqueIndex('patient_merges_merged_key').on(t.merged_patient_id),
    index('patient_merges_kept_idx').on(t.kept_patient_id),
    index('patient_merges_partner_idx').on(t.partner_id, t.merged_at),
  ],
);

/**
 * A booking: one start time of a queue on a date. The partial unique index on active
 * slots is what makes a double booking impossible, whatever the concurrency.
 */
export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    queue_id: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    date: date('date').notNull(),
    start_time: time('start_time').notNull(),
    end_time: time('end_time').notNull(),
    token_number: integer('token_number').notNull(),
    status: text('status', { enum: slotStatuses }).notNull().default('booked'),
    source: text('source', { enum: slotSources }).notNull().default('front_desk'),
    /** When staff first opened an online booking; null until then (the unseen badge). */
    seen_at: timestamp('seen_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    /** The queue's times: arrival, the latest call (the token called last is served), completion, no-show. */
    showed_up_at: timestamp('showed_up_at', { withTimezone: true }),
    called_at: timestamp('called_at', { withTimezone: true }),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    no_show_at: timestamp('no_show_at', { withTimezone: true }),
    /** When the wallet was charged for this booking; null while it is not (decision 027). */
    charged_at: timestamp('charged_at', { withTimezone: true }),
    /**
     * The name as typed on the booking website, kept as the visitor wrote it ("asha patil" on
     * the record of Asha Patil); null for the front desk's bookings.
     */
    visitor_name: text('visitor_name'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('slots_active_start_key')
      .on(t.queue_id, t.date, t.start_time)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('slots_token_key').on(t.queue_id, t.date, t.token_number),
    index('slots_partner_date_idx').on(t.partner_id, t.date),
    index('slots_patient_id_idx').on(t.patient_id),
    index('slots_unseen_online_idx')
      .on(t.queue_id)
      .where(sql`${t.source} = 'online' and ${t.seen_at} is null and ${t.status} <> 'cancelled'`),
    check('slots_order_check', sql`${t.start_time} < ${t.end_time}`),
    check(
      'slots_status_check',
      sql`${t.status} in ('booked', 'showed_up', 'called', 'completed', 'no_show', 'cancelled')`,
    ),
    check('slots_source_check', sql`${t.source} in ('front_desk', 'online')`),
  ],
);

/**
 * Every movement of a wallet partner's money: negative for charges and dues settled,
 * positive for credits. `partners.wallet_balance` is kept equal to the sum by the one
 * writer, `moveWallet` (modules/wallet, decision 027), in the movement's transaction.
 */
export const walletMovements = pgTable(
  'wallet_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    kind: text('kind', { enum: walletMovementKinds }).notNull(),
    slot_id: uuid('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    /** The recharge this movement credits: at most one movement per order, whatever the retries. */
    payment_order_id: uuid('payment_order_id').references((): AnyPgColumn => paymentOrders.id),
    /** The referral this movement rewards: a referrer is credited once per referred clinic. */
    referral_id: uuid('referral_id').references((): AnyPgColumn => referrals.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order movements were written in: a recharge and the dues it settles may share a timestamp. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('wallet_movements_partner_idx').on(t.partner_id, t.created_at),
    uniqueIndex('wallet_movements_payment_order_key')
      .on(t.payment_order_id)
      .where(sql`${t.payment_order_id} is not null`),
    uniqueIndex('wallet_movements_referral_key').on(t.referral_id).where(sql`${t.referral_id} is not null`),
    check(
      'wallet_movements_kind_check',
      sql`${t.kind} in ('opening', 'recharge', 'booking', 'refund', 'adjustment', 'referral_reward', 'show_up_charge', 'dues_settled')`,
    ),
  ],
);

// ── File uploads (spec §7 "File upload") ────────────────────────────────────

/**
 * Each signed upload form a partner asked for. The key names the file in storage and
 * begins with the partner's id; whether the bytes arrived is the storage's to say.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    partner_id: partnerId(),
    purpose: text('purpose').notNull(),
    file_name: text('file_name').notNull(),
    content_type: text('content_type').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the checked bytes were accepted under this key; a key is stored once, never replaced. */
    stored_at: timestamp('stored_at', { withTimezone: true }),
    /** The stored file's size: what counts against the clinic's storage quota. */
    size_bytes: bigint('size_bytes', { mode: 'number' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_partner_id_idx').on(t.partner_id, t.created_at),
    check('uploads_size_bytes_check', sql`${t.size_bytes} >= 0`),
  ],
);

/**
 * Counts of limited actions per subject and time window (public bookings per address and
 * per mobile, WhatsApp sends per document and per location, uploads per clinic), kept in
 * the database so every process of a deployment shares them. Old windows are deleted.
 */
export const usageCounts = pgTable(
  'usage_counts',
  {
    /** What is counted, like 'public-booking-address'. */
    scope: text('scope').notNull(),
    /** Whom it is counted for: an address, a mobile, a document's or location's id. */
    subject: text('subject').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subject, t.window_start] }),
    index('usage_counts_window_start_idx').on(t.window_start),
  ],
);

/** Random secrets every process of a deployment shares, created on first use (the upload policies' HMAC key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Consultation forms and prescriptions (spec §7 "Consultation forms") ─────

/**
 * What the doctor wrote for one visit. `content` holds the printed lists with their own
 * copies of every name and dosage (a later master change never alters an issued
 * prescription). One live form per booking; deleting keeps the row, marked, so the
 * audit trail in `consultation_form_versions` still points at it. The id is random
 * (122 bits): it is the unguessable address of the public prescription page.
 */
export const consultationForms = pgTable(
  'consultation_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    location_id: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    slot_id: uuid('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    customer_name: text('customer_name').notNull(),
    customer_age: integer('customer_age'),
    customer_gender: text('customer_gender', { enum: patientGenders }),
    customer_mobile: text('customer_mobile').notNull(),
    prescribed_date: date('prescribed_date').notNull(),
    content: jsonb('content').$type<ConsultationContent>().notNull(),
    version: integer('version').notNull().default(1),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The doctor who wrote it (issue 23): whoever saved it last; the versions keep each one. */
    author_id: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('consultation_forms_slot_key').on(t.slot_id).where(sql`${t.deleted_at} is null`),
    index('consultation_forms_partner_mobile_idx').on(t.partner_id, t.customer_mobile, t.prescribed_date),
    index('consultation_forms_patient_idx').on(t.patient_id),
    check('consultation_forms_age_check', sql`${t.customer_age} between 0 and 130`),
    check('consultation_forms_gender_check', sql`${t.customer_gender} in ('male', 'female', 'other')`),
    check('consultation_forms_version_check', sql`${t.version} > 0`),
  ],
);

export const consultationFormActions = ['created', 'updated', 'deleted'] as const;

/** The audit trail: every version of a form as it was saved, who saved it and when. */
export const consultationFormVersions = pgTable(
  'consultation_form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    form_id: uuid('form_id')
      .notNull()
      .references(() => consultationForms.id, { onDelete: 'cascade' }),
    partner_id: partnerId(),
    version: integer('version').notNull(),
    action: text('action', { enum: consultationFormActions }).notNull(),
    /** The whole form after the change: patient, location, date and content. */
    snapshot: jsonb('snapshot').notNull(),
    changed_by: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The form's author as of this version. */
    author_id: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consultation_form_versions_form_version_key').on(t.form_id, t.version),
    check('consultation_form_versions_action_check', sql`${t.action} in ('created', 'updated', 'deleted')`),
  ],
);

// ── Bills and payments (spec §7 "Bills", "Payments") ─────────────────────────

/** Money columns hold integer paise: exact, and summed by the database without rounding. */
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * A bill of one location to one patient. Its figures are stored as computed by
 * contract/bill-arithmetic.ts; `paid_paise` is the sum of its payments, kept in the
 * same transaction as each payment. Numbers are consecutive per partner and financial
 * year (bill_number_sequences). Deleting marks the row; bill_audit keeps every change.
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    location_id: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    slot_id: uuid('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    financial_year: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    bill_number: text('bill_number').notNull(),
    customer_name: text('customer_name').notNull(),
    /** The name as the search compares it; a plain column, so its index answers without the table. */
    customer_name_search: text('customer_name_search').notNull().generatedAlwaysAs(sql`lower(customer_name)`),
    customer_mobile: text('customer_mobile').notNull(),
    generated_date: date('generated_date').notNull(),
    subtotal_paise: paise('subtotal_paise'),
    discount_paise: paise('discount_paise'),
    tax_paise: paise('tax_paise'),
    final_paise: paise('final_paise'),
    paid_paise: paise('paid_paise').default(0),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The doctor the bill is for (issue 23), chosen at the desk; null when none was chosen. */
    doctor_user_id: uuid('doctor_user_id').references(() => users.id, { onDelete: 'set null' }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bills_number_key').on(t.partner_id, t.financial_year, t.sequence),
    // The bills screen: a location's live bills by date, newest first, and the searches on
    // them. Each index is partial on live bills and ends with the page's order, so both the
    // page's ids and its total come from an index-only scan, whatever the table's size.
    index('bills_location_date_idx')
      .on(t.location_id, t.generated_date, t.created_at, t.id)
      .where(sql`${t.deleted_at} is null`),
    index('bills_location_name_idx')
      .using(
        'btree',
        t.location_id,
        t.customer_name_search.op('text_pattern_ops'),
        t.generated_date,
        t.created_at,
        t.id,
      )
      .where(sql`${t.deleted_at} is null`),
    index('bills_location_mobile_idx')
      .using(
        'btree',
        t.location_id,
        t.customer_mobile.op('text_pattern_ops'),
        t.generated_date,
        t.created_at,
        t.id,
      )
      .where(sql`${t.deleted_at} is null`),
    index('bills_patient_idx').on(t.patient_id, t.generated_date),
    // The bills made over a range at every location (reports), live ones only.
    index('bills_partner_date_idx').on(t.partner_id, t.generated_date).where(sql`${t.deleted_at} is null`),
    uniqueIndex('bills_slot_key').on(t.slot_id).where(sql`${t.deleted_at} is null`),
    check(
      'bills_money_check',
      sql`${t.subtotal_paise} >= 0 and ${t.discount_paise} >= 0 and ${t.tax_paise} >= 0`,
    ),
    check(
      'bills_final_check',
      sql`${t.final_paise} = ${t.subtotal_paise} - ${t.discount_paise} + ${t.tax_paise}`,
    ),
    check('bills_paid_check', sql`${t.paid_paise} between 0 and ${t.final_paise}`),
  ],
);

/** A line of a bill: the name, price and tax copied at billing time. */
export const billLines = pgTable(
  'bill_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bill_id: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    treatment_id: uuid('treatment_id').references(() => treatments.id, { onDelete: 'set null' }),
    product_id: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unit_price_paise: paise('unit_price_paise'),
    tax_basis_points: integer('tax_basis_points').notNull(),
    amount_paise: paise('amount_paise'),
    discount_paise: paise('discount_paise'),
    tax_paise: paise('tax_paise'),
    total_paise: paise('total_paise'),
    /** The completed dental plan item the line bills (issue 22), or null. */
    plan_item_id: uuid('plan_item_id').references((): AnyPgColumn => treatmentPlanItems.id),
    /** Whether the line's bill is deleted: kept with `bills.deleted_at`, for the index below. */
    bill_deleted: boolean('bill_deleted').notNull().default(false),
  },
  (t) => [
    uniqueIndex('bill_lines_bill_position_key').on(t.bill_id, t.position),
    // A plan item is billed once, by one line of one live bill; a deleted bill frees it.
    uniqueIndex('bill_lines_plan_item_key')
      .on(t.plan_item_id)
      .where(sql`${t.plan_item_id} is not null and not ${t.bill_deleted}`),
    // A plan's billed items, deleted bills' lines too (the foreign key's check reads it as well).
    index('bill_lines_plan_item_idx').on(t.plan_item_id).where(sql`${t.plan_item_id} is not null`),
    check('bill_lines_quantity_check', sql`${t.quantity} between 1 and 1000`),
    check('bill_lines_tax_check', sql`${t.tax_basis_points} between 0 and 2800`),
  ],
);

/**
 * Money a patient paid against their dues at a location (Record payment): shared out over
 * their unpaid bills, oldest first, as one bill_payments row per bill, each linked here.
 * `remaining_due_paise` is what the patient still owed there right after it, as printed.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    location_id: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    customer_name: text('customer_name').notNull(),
    customer_mobile: text('customer_mobile').notNull(),
    amount_paise: paise('amount_paise'),
    payment_mode: text('payment_mode', { enum: paymentModes }).notNull(),
    note: text('note'),
    remaining_due_paise: paise('remaining_due_paise'),
    paid_at: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('receipts_partner_idx').on(t.partner_id, t.paid_at),
    // A patient's payments on their timeline (patients.timeline.repository), newest first.
    index('receipts_patient_idx').on(t.patient_id, t.paid_at),
    check('receipts_amount_check', sql`${t.amount_paise} > 0`),
    check('receipts_remaining_check', sql`${t.remaining_due_paise} >= 0`),
    check('receipts_mode_check', sql`${t.payment_mode} in ('cash', 'upi', 'card')`),
  ],
);

/** Money received against a bill: at billing, later in parts, or from a newer bill or a receipt settling it. */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bill_id: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    partner_id: partnerId(),
    amount_paise: paise('amount_paise'),
    payment_mode: text('payment_mode', { enum: paymentModes }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The clinic's date of `paid_at`, in its time zone when the payment was made: set by the
     * trigger `bill_payments_paid_date` on every insert (the default is never kept), so a payment
     * stays on its day in `collection_days` whatever happens to its bill later.
     */
    paid_date: date('paid_date').notNull().default(sql`current_date`),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The receipt this payment is a share of, when it came from Record payment. */
    receipt_id: uuid('receipt_id').references(() => receipts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('bill_payments_bill_idx').on(t.bill_id, t.paid_at),
    // The money received over a range (day close), whatever the bill's date.
    index('bill_payments_partner_paid_idx').on(t.partner_id, t.paid_at),
    index('bill_payments_receipt_idx').on(t.receipt_id).where(sql`${t.receipt_id} is not null`),
    check('bill_payments_amount_check', sql`${t.amount_paise} > 0`),
    check('bill_payments_mode_check', sql`${t.payment_mode} in ('cash', 'upi', 'card')`),
  ],
);

/** The last bill number given per partner and financial year; taken with a row lock. */
/**
 * Each day's money per location and bill doctor (issue 24, decision 048): the live bills' final
 * amounts by bill date and their payments by mode and payment date, in paise. Kept by the
 * triggers of migration 0027 in the transaction of every write to `bills`, `bill_payments` and
 * `consultation_forms` (a bill deleted, or moved to another location, doctor or visit, takes its
 * payments along), so the collections report sums a few thousand rows a year instead of every
 * bill and payment. `doctor_user_id` is the bill's doctor: the one chosen on it, else the author
 * of its visit's live prescription (SQL function `bill_doctor`); null for none.
 */
export const collectionDays = pgTable(
  'collection_days',
  {
    partner_id: partnerId(),
    location_id: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    doctor_user_id: uuid('doctor_user_id'),
    billed_paise: paise('billed_paise').default(0),
    cash_paise: paise('cash_paise').default(0),
    upi_paise: paise('upi_paise').default(0),
    card_paise: paise('card_paise').default(0),
  },
  (t) => [
    unique('collection_days_key').on(t.partner_id, t.day, t.location_id, t.doctor_user_id).nullsNotDistinct(),
  ],
);

export const billNumberSequences = pgTable(
  'bill_number_sequences',
  {
    partner_id: partnerId(),
    financial_year: text('financial_year').notNull(),
    last_value: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partner_id, t.financial_year] })],
);

export const billAuditActions = ['created', 'edited', 'deleted', 'payment'] as const;

/** Every change to a bill: the bill as it stood after it, who made it and when. */
export const billAudit = pgTable(
  'bill_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bill_id: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    partner_id: partnerId(),
    action: text('action', { enum: billAuditActions }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    changed_by: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bill_audit_bill_idx').on(t.bill_id, t.changed_at),
    check('bill_audit_action_check', sql`${t.action} in ('created', 'edited', 'deleted', 'payment')`),
  ],
);

/**
 * A location's closed day (issue 24, decision 048): who closed it, when, and the cash the desk
 * counted against the cash received. While `reopened_at` is null the day is closed and no bill
 * or payment dated it changes; an owner's reopening stamps `reopened_*`, closing again clears it.
 */
export const dayCloses = pgTable(
  'day_closes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    location_id: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    closed_by: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closed_at: timestamp('closed_at', { withTimezone: true }).notNull(),
    cash_counted_paise: paise('cash_counted_paise'),
    cash_expected_paise: paise('cash_expected_paise'),
    note: text('note'),
    reopened_by: uuid('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    reopened_at: timestamp('reopened_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('day_closes_location_date_key').on(t.location_id, t.date),
    check('day_closes_cash_check', sql`${t.cash_counted_paise} >= 0 and ${t.cash_expected_paise} >= 0`),
  ],
);

export const paymentGateways = ['test', 'razorpay'] as const;
export const paymentOrderStatuses = ['created', 'paid', 'failed'] as const;

/**
 * A wallet recharge through the gateway. It is credited once: the first of the client's
 * confirmation and the gateway's webhook to move it from 'created' to 'paid' writes the
 * wallet movement, in the same transaction.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    gateway_order_id: text('gateway_order_id').notNull(),
    amount_paise: paise('amount_paise'),
    status: text('status', { enum: paymentOrderStatuses }).notNull().default('created'),
    gateway_payment_id: text('gateway_payment_id'),
    failure_reason: text('failure_reason'),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_orders_gateway_order_key').on(t.gateway, t.gateway_order_id),
    index('payment_orders_partner_idx').on(t.partner_id, t.created_at),
    check('payment_orders_amount_check', sql`${t.amount_paise} > 0`),
    check('payment_orders_status_check', sql`${t.status} in ('created', 'paid', 'failed')`),
    check('payment_orders_gateway_check', sql`${t.gateway} in ('test', 'razorpay')`),
  ],
);

// ── Waiting-room TV displays and referrals (issue 12) ───────────────────────

/**
 * A TV that opened /tv. It holds a random token (only its hash is stored) and shows a
 * short pairing code until staff pair it with one queue; the code is single-use and
 * expires. Once paired it reads that queue's display and nothing else, until unpaired.
 */
export const tvDisplays = pgTable(
  'tv_displays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull(),
    pairing_code: text('pairing_code'),
    code_expires_at: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    partner_id: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    location_id: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    queue_id: uuid('queue_id').references(() => queues.id, { onDelete: 'cascade' }),
    paired_at: timestamp('paired_at', { withTimezone: true }),
    paired_by: uuid('paired_by').references(() => users.id, { onDelete: 'set null' }),
    unpaired_at: timestamp('unpaired_at', { withTimezone: true }),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tv_displays_token_hash_key').on(t.token_hash),
    uniqueIndex('tv_displays_pairing_code_key').on(t.pairing_code).where(sql`${t.pairing_code} is not null`),
    index('tv_displays_partner_idx').on(t.partner_id, t.paired_at),
    index('tv_displays_queue_idx').on(t.queue_id),
    check(
      'tv_displays_paired_check',
      sql`(${t.paired_at} is null) = (${t.partner_id} is null) and (${t.partner_id} is null) = (${t.queue_id} is null)`,
    ),
  ],
);

export const referralStatuses = ['invited', 'signed_up', 'active'] as const;

/**
 * A clinic one partner referred: invited, then signed up (through the referral link, or
 * with the referred mobile), then active once its paid Razorpay recharges reach the reward,
 * which credits the referrer's wallet once (`wallet_movements.referral_id` is unique).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrer_partner_id: partnerId(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    speciality: text('speciality', { enum: specialities }).notNull(),
    city: text('city').notNull(),
    status: text('status', { enum: referralStatuses }).notNull().default('invited'),
    referred_partner_id: uuid('referred_partner_id').references(() => partners.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('referrals_referrer_mobile_key').on(t.referrer_partner_id, t.mobile),
    uniqueIndex('referrals_referred_partner_key')
      .on(t.referred_partner_id)
      .where(sql`${t.referred_partner_id} is not null`),
    index('referrals_referrer_idx').on(t.referrer_partner_id, t.created_at),
    index('referrals_mobile_idx').on(t.mobile),
    check('referrals_status_check', sql`${t.status} in ('invited', 'signed_up', 'active')`),
    check('referrals_mobile_check', sql`${t.mobile} ~ '^[6-9][0-9]{9}$'`),
  ],
);

// ── The dental chart and treatment plans (issue 22, decision 046) ───────────

/** A patient's chart settings; the row exists once the chart is changed, absent is the defaults. */
export const dentalCharts = pgTable('dental_charts', {
  patient_id: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  partner_id: partnerId(),
  /** Primary and permanent teeth shown together. */
  mixed_dentition: boolean('mixed_dentition').notNull().default(false),
  ...timestamps,
});

/**
 * A condition found on a tooth or some of its surfaces (none = the whole tooth), in FDI numbers.
 * Append-only: a change is a new row; a mistaken one is marked entered in error (`voided_at`,
 * `voided_by`) and kept, the only update the dental module makes.
 */
export const dentalFindings = pgTable(
  'dental_findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order entries were recorded in, those of one call too: a tooth's history reads by it. */
    entry: bigint('entry', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    partner_id: partnerId(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    tooth: smallint('tooth').notNull(),
    surfaces: text('surfaces').array().notNull().default(sql`'{}'::text[]`),
    condition: text('condition', { enum: dentalConditions }).notNull(),
    state: text('state', { enum: findingStates }).notNull(),
    material: text('material'),
    mobility_grade: smallint('mobility_grade'),
    note: text('note'),
    /** The clinic's date it was recorded: what the chart "as of" a date reads by. */
    recorded_on: date('recorded_on').notNull(),
    recorded_by: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    voided_at: timestamp('voided_at', { withTimezone: true }),
    /** The clinic's date it was voided: a chart as of an earlier date still shows it. */
    voided_on: date('voided_on'),
    voided_by: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The plan item whose completion recorded it. */
    plan_item_id: uuid('plan_item_id').references((): AnyPgColumn => treatmentPlanItems.id),
  },
  (t) => [
    // A patient's chart (all their findings in order) and a tooth's history, oldest first.
    index('dental_findings_patient_tooth_idx').on(t.patient_id, t.tooth, t.entry),
    index('dental_findings_plan_item_idx').on(t.plan_item_id).where(sql`${t.plan_item_id} is not null`),
    check(
      'dental_findings_tooth_check',
      sql`(${t.tooth} between 11 and 48 and ${t.tooth} % 10 between 1 and 8) or (${t.tooth} between 51 and 85 and ${t.tooth} % 10 between 1 and 5)`,
    ),
    check(
      'dental_findings_surfaces_check',
      sql`${t.surfaces} <@ array['M', 'D', 'O', 'I', 'B', 'F', 'L', 'P']`,
    ),
    check('dental_findings_condition_check', sql`${t.condition} in (${inList(dentalConditions)})`),
    check('dental_findings_state_check', sql`${t.state} in (${inList(findingStates)})`),
    check('dental_findings_mobility_grade_check', sql`${t.mobility_grade} between 1 and 3`),
    check('dental_findings_voided_check', sql`(${t.voided_at} is null) = (${t.voided_on} is null)`),
  ],
);

/** A treatment plan of a patient: one to four alternatives, of which the patient accepts one. */
export const treatmentPlans = pgTable(
  'treatment_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** Where the plan was made: its estimate's address and the hourly WhatsApp limit it counts against; null on plans older than 0023. */
    location_id: uuid('location_id').references(() => locations.id),
    title: text('title').notNull(),
    valid_until: date('valid_until'),
    status: text('status', { enum: planStatuses }).notNull().default('proposed'),
    accepted_alternative_id: uuid('accepted_alternative_id').references(
      (): AnyPgColumn => treatmentPlanAlternatives.id,
    ),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('treatment_plans_patient_idx').on(t.patient_id, t.created_at),
    // What the foreign key reads when a location is deleted.
    index('treatment_plans_location_idx').on(t.location_id).where(sql`${t.location_id} is not null`),
    // What the foreign key reads when an alternative is replaced.
    index('treatment_plans_accepted_alternative_idx')
      .on(t.accepted_alternative_id)
      .where(sql`${t.accepted_alternative_id} is not null`),
    check('treatment_plans_status_check', sql`${t.status} in (${inList(planStatuses)})`),
    check(
      'treatment_plans_accepted_check',
      sql`(${t.status} = 'proposed') = (${t.accepted_alternative_id} is null)`,
    ),
  ],
);

/** One alternative of a plan, its figures as bill-arithmetic.ts computes them, in paise. */
export const treatmentPlanAlternatives = pgTable(
  'treatment_plan_alternatives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plan_id: uuid('plan_id')
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    subtotal_paise: paise('subtotal_paise'),
    discount_paise: paise('discount_paise'),
    tax_paise: paise('tax_paise'),
    total_paise: paise('total_paise'),
  },
  (t) => [
    uniqueIndex('treatment_plan_alternatives_plan_position_key').on(t.plan_id, t.position),
    check(
      'treatment_plan_alternatives_total_check',
      sql`${t.total_paise} = ${t.subtotal_paise} - ${t.discount_paise} + ${t.tax_paise} and ${t.discount_paise} between 0 and ${t.subtotal_paise}`,
    ),
  ],
);

/** A procedure of an alternative on a tooth and surfaces, in a sitting; its name and price are its own copy. */
export const treatmentPlanItems = pgTable(
  'treatment_plan_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plan_id: uuid('plan_id')
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: 'cascade' }),
    alternative_id: uuid('alternative_id')
      .notNull()
      .references(() => treatmentPlanAlternatives.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    treatment_id: uuid('treatment_id').references(() => treatments.id, { onDelete: 'set null' }),
    treatment_name: text('treatment_name').notNull(),
    tooth: smallint('tooth'),
    surfaces: text('surfaces').array().notNull().default(sql`'{}'::text[]`),
    sitting: smallint('sitting').notNull(),
    price_paise: paise('price_paise'),
    tax_basis_points: integer('tax_basis_points').notNull(),
    discount_paise: paise('discount_paise'),
    tax_paise: paise('tax_paise'),
    total_paise: paise('total_paise'),
    status: text('status', { enum: planItemStatuses }).notNull().default('planned'),
    completed_on: date('completed_on'),
    completed_by: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('treatment_plan_items_alternative_position_key').on(t.alternative_id, t.position),
    // A plan's items, and its completed ones (what a bill may take).
    index('treatment_plan_items_plan_idx').on(t.plan_id, t.status),
    index('treatment_plan_items_treatment_idx').on(t.treatment_id),
    check('treatment_plan_items_status_check', sql`${t.status} in (${inList(planItemStatuses)})`),
    check(
      'treatment_plan_items_completed_check',
      sql`(${t.status} = 'completed') = (${t.completed_on} is not null)`,
    ),
    check('treatment_plan_items_sitting_check', sql`${t.sitting} between 1 and 20`),
    check('treatment_plan_items_tax_check', sql`${t.tax_basis_points} between 0 and 2800`),
    check(
      'treatment_plan_items_total_check',
      sql`${t.total_paise} = ${t.price_paise} - ${t.discount_paise} + ${t.tax_paise}`,
    ),
  ],
);

/** The note of one sitting of a plan: what was done, materials, next step (the patient's timeline shows it). */
export const treatmentPlanSittings = pgTable(
  'treatment_plan_sittings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: partnerId(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    plan_id: uuid('plan_id')
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: 'cascade' }),
    sitting: smallint('sitting').notNull(),
    note: text('note').notNull(),
    completed_on: date('completed_on').notNull(),
    recorded_by: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('treatment_plan_sittings_plan_idx').on(t.plan_id, t.created_at),
    // A patient's sittings on their timeline (patients.timeline.repository), newest first.
    index('treatment_plan_sittings_patient_idx').on(t.patient_id, t.created_at),
  ],
);

// ── The audit trail (issue 23, decision 047) ─────────────────────────────────

/**
 * Who did what to a patient's records, and who read a prescription or a bill: one row per act,
 * never changed or deleted (a trigger refuses both). `user_id` and `patient_id` carry no foreign
 * key, so no cascade can touch a row; `changes` holds `{ before, after }` of an edit.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partner_id: uuid('partner_id').notNull(),
    user_id: uuid('user_id'),
    action: text('action', { enum: auditActions }).notNull(),
    record_type: text('record_type', { enum: auditRecordTypes }).notNull(),
    record_id: uuid('record_id'),
    patient_id: uuid('patient_id'),
    location_id: uuid('location_id'),
    /** The caller's address, as the server reads it (TRUST_PROXY). */
    address: text('address'),
    changes: jsonb('changes'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_partner_at_idx').on(t.partner_id, t.at),
    index('audit_events_patient_idx').on(t.patient_id, t.at).where(sql`${t.patient_id} is not null`),
    index('audit_events_user_idx').on(t.user_id, t.at),
    check('audit_events_action_check', sql`${t.action} in (${inList(auditActions)})`),
    check('audit_events_record_type_check', sql`${t.record_type} in (${inList(auditRecordTypes)})`),
  ],
);
