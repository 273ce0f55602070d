import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
