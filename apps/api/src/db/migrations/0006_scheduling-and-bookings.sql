CREATE TABLE "off_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "off_days_times_check" CHECK (("off_days"."start_time" is null and "off_days"."end_time" is null) or ("off_days"."start_time" is not null and "off_days"."end_time" is not null and "off_days"."start_time" < "off_days"."end_time"))
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"age" integer,
	"gender" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_mobile_check" CHECK ("patients"."mobile" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "patients_age_check" CHECK ("patients"."age" between 0 and 130),
	CONSTRAINT "patients_gender_check" CHECK ("patients"."gender" in ('male', 'female', 'other'))
);
--> statement-breakpoint
CREATE TABLE "queue_timings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_timings_weekday_check" CHECK ("queue_timings"."weekday" between 0 and 6),
	CONSTRAINT "queue_timings_order_check" CHECK ("queue_timings"."start_time" < "queue_timings"."end_time")
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"queue_name" text NOT NULL,
	"slot_size" integer DEFAULT 15 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queues_slot_size_check" CHECK ("queues"."slot_size" between 5 and 120)
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"token_number" integer NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"source" text DEFAULT 'front_desk' NOT NULL,
	"seen_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slots_order_check" CHECK ("slots"."start_time" < "slots"."end_time"),
	CONSTRAINT "slots_status_check" CHECK ("slots"."status" in ('booked', 'showed_up', 'completed', 'cancelled')),
	CONSTRAINT "slots_source_check" CHECK ("slots"."source" in ('front_desk', 'online'))
);
--> statement-breakpoint
CREATE TABLE "wallet_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"kind" text NOT NULL,
	"slot_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_movements_kind_check" CHECK ("wallet_movements"."kind" in ('opening', 'recharge', 'booking', 'refund', 'adjustment'))
);
--> statement-breakpoint
ALTER TABLE "off_days" ADD CONSTRAINT "off_days_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "off_days" ADD CONSTRAINT "off_days_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_timings" ADD CONSTRAINT "queue_timings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_timings" ADD CONSTRAINT "queue_timings_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "off_days_queue_id_idx" ON "off_days" USING btree ("queue_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_partner_mobile_key" ON "patients" USING btree ("partner_id","mobile");--> statement-breakpoint
CREATE INDEX "patients_partner_name_idx" ON "patients" USING btree ("partner_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "queue_timings_queue_id_idx" ON "queue_timings" USING btree ("queue_id","weekday","start_time");--> statement-breakpoint
CREATE INDEX "queues_location_id_idx" ON "queues" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "queues_partner_id_idx" ON "queues" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "slots_active_start_key" ON "slots" USING btree ("queue_id","date","start_time") WHERE "slots"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "slots_token_key" ON "slots" USING btree ("queue_id","date","token_number");--> statement-breakpoint
CREATE INDEX "slots_partner_date_idx" ON "slots" USING btree ("partner_id","date");--> statement-breakpoint
CREATE INDEX "slots_patient_id_idx" ON "slots" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "slots_unseen_online_idx" ON "slots" USING btree ("queue_id") WHERE "slots"."source" = 'online' and "slots"."seen_at" is null and "slots"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "wallet_movements_partner_idx" ON "wallet_movements" USING btree ("partner_id","created_at");--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_wallet_balance_check" CHECK ("partners"."wallet_balance" >= 0);--> statement-breakpoint
-- The ledger starts from the balances wallets already hold, so the balance is its sum from the first day.
INSERT INTO "wallet_movements" ("partner_id", "amount", "kind")
SELECT "id", "wallet_balance", 'opening' FROM "partners" WHERE "wallet_balance" <> 0;
