CREATE TABLE "usage_counts" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counts_scope_subject_window_start_pk" PRIMARY KEY("scope","subject","window_start")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_status_check";--> statement-breakpoint
ALTER TABLE "wallet_movements" DROP CONSTRAINT "wallet_movements_kind_check";--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "wallet_owed_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "booking_window_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "charged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "stored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
CREATE INDEX "usage_counts_window_start_idx" ON "usage_counts" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "outbox_messages_waiting_idx" ON "outbox_messages" USING btree ("created_at") WHERE "outbox_messages"."status" = 'waiting';--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('recorded', 'waiting', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_wallet_owed_paise_check" CHECK ("partners"."wallet_owed_paise" >= 0);--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_booking_window_days_check" CHECK ("partners"."booking_window_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_size_bytes_check" CHECK ("uploads"."size_bytes" >= 0);--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_kind_check" CHECK ("wallet_movements"."kind" in ('opening', 'recharge', 'booking', 'refund', 'adjustment', 'referral_reward', 'show_up_charge', 'dues_settled'));--> statement-breakpoint
UPDATE "slots" SET "charged_at" = "wallet_movements"."created_at" FROM "wallet_movements" WHERE "wallet_movements"."slot_id" = "slots"."id" AND "wallet_movements"."kind" = 'booking';
--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "visitor_name" text;--> statement-breakpoint
UPDATE "slots" SET "visitor_name" = "patients"."name" FROM "patients" WHERE "patients"."id" = "slots"."patient_id" AND "slots"."source" = 'online';
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "template_message" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_waiting_check" CHECK ("outbox_messages"."status" <> 'waiting' or ("outbox_messages"."location_id" is not null and "outbox_messages"."template_message" is not null));
--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "wallet_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);
