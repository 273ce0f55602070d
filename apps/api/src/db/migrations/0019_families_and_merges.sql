-- Families on one phone and merged duplicates (issue 21): a clinic's live patient is one mobile
-- and name (compared case- and space-insensitively, as the stored `name_key`), no longer one
-- mobile; a patient merged into another keeps its row, pointing at the one kept, and
-- `patient_merges` says who merged it.
CREATE TABLE "patient_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"kept_patient_id" uuid NOT NULL,
	"merged_patient_id" uuid NOT NULL,
	"merged_by" uuid,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved" jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "patients_partner_mobile_key";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(regexp_replace(btrim("patients"."name"), '\s+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_kept_patient_id_patients_id_fk" FOREIGN KEY ("kept_patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_merged_patient_id_patients_id_fk" FOREIGN KEY ("merged_patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merges" ADD CONSTRAINT "patient_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_merges_merged_key" ON "patient_merges" USING btree ("merged_patient_id");--> statement-breakpoint
CREATE INDEX "patient_merges_kept_idx" ON "patient_merges" USING btree ("kept_patient_id");--> statement-breakpoint
CREATE INDEX "patient_merges_partner_idx" ON "patient_merges" USING btree ("partner_id","merged_at");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_into_id_patients_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_partner_mobile_name_key" ON "patients" USING btree ("partner_id","mobile","name_key") WHERE "patients"."merged_into_id" is null;