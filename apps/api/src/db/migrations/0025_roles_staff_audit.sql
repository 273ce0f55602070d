-- Roles, staff and the audit trail (issue 23, decision 047): three roles, the locations each
-- member of staff works at, a queue's doctor, a doctor's profile, a prescription's author and a
-- bill's doctor, and the append-only audit trail.
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid,
	"patient_id" uuid,
	"location_id" uuid,
	"address" text,
	"changes" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('created', 'updated', 'deleted', 'read', 'merged', 'sent', 'status_changed', 'accepted', 'completed', 'disabled', 'enabled', 'password_reset')),
	CONSTRAINT "audit_events_record_type_check" CHECK ("audit_events"."record_type" in ('patient', 'booking', 'prescription', 'dental_chart', 'treatment_plan', 'bill', 'payment', 'message', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "user_locations" (
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	CONSTRAINT "user_locations_user_id_location_id_pk" PRIMARY KEY("user_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'front_desk';--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "doctor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "consultation_form_versions" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "consultation_forms" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "doctor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "temporary_password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "qualification" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_council" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_url" text;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_partner_at_idx" ON "audit_events" USING btree ("partner_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_patient_idx" ON "audit_events" USING btree ("patient_id","at") WHERE "audit_events"."patient_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "user_locations_location_idx" ON "user_locations" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_form_versions" ADD CONSTRAINT "consultation_form_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_forms" ADD CONSTRAINT "consultation_forms_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Today's staff keep what they do today: they become doctors, working at every location of their clinic.
INSERT INTO "user_locations" ("user_id", "location_id", "partner_id")
SELECT "users"."id", "locations"."id", "users"."partner_id" FROM "users"
JOIN "locations" ON "locations"."partner_id" = "users"."partner_id" WHERE "users"."role" = 'staff';--> statement-breakpoint
UPDATE "users" SET "role" = 'doctor' WHERE "role" = 'staff';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'doctor', 'front_desk'));--> statement-breakpoint
-- A prescription's author is whoever saved it last; each version's, whoever saved that version.
UPDATE "consultation_forms" SET "author_id" = coalesce("updated_by", "created_by");--> statement-breakpoint
UPDATE "consultation_form_versions" SET "author_id" = "changed_by";--> statement-breakpoint
-- The audit trail is append-only: no update, delete or truncate, whoever asks.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
