CREATE TABLE "consultation_form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_form_versions_action_check" CHECK ("consultation_form_versions"."action" in ('created', 'updated', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "consultation_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"slot_id" uuid,
	"patient_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_age" integer,
	"customer_gender" text,
	"customer_mobile" text NOT NULL,
	"prescribed_date" date NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_forms_age_check" CHECK ("consultation_forms"."customer_age" between 0 and 130),
	CONSTRAINT "consultation_forms_gender_check" CHECK ("consultation_forms"."customer_gender" in ('male', 'female', 'other')),
	CONSTRAINT "consultation_forms_version_check" CHECK ("consultation_forms"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "status" text DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reference_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "consultation_form_header_url" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "consultation_form_footer_url" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "authorised_signature_url" text;--> statement-breakpoint
ALTER TABLE "consultation_form_versions" ADD CONSTRAINT "consultation_form_versions_form_id_consultation_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."consultation_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_form_versions" ADD CONSTRAINT "consultation_form_versions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_form_versions" ADD CONSTRAINT "consultation_form_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_forms" ADD CONSTRAINT "consultation_forms_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_forms" ADD CONSTRAINT "consultation_forms_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_forms" ADD CONSTRAINT "consultation_forms_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_forms" ADD CONSTRAINT "consultation_forms_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_forms" ADD CONSTRAINT "consultation_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_forms" ADD CONSTRAINT "consultation_forms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_form_versions_form_version_key" ON "consultation_form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_forms_slot_key" ON "consultation_forms" USING btree ("slot_id") WHERE "consultation_forms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "consultation_forms_partner_mobile_idx" ON "consultation_forms" USING btree ("partner_id","customer_mobile","prescribed_date");--> statement-breakpoint
CREATE INDEX "consultation_forms_patient_idx" ON "consultation_forms" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_reference_idx" ON "outbox_messages" USING btree ("reference_id","created_at");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('recorded', 'sent', 'failed'));