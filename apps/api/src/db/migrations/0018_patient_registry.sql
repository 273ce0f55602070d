-- The patient registry (issue 21). Existing patients keep their ids; each gets its clinic's next
-- number in order of creation, its first visit, and a date of birth from the age it had.
ALTER TABLE "patients" DROP CONSTRAINT "patients_age_check";--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "last_patient_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "patient_number" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "date_of_birth_approximate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "blood_group" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "allergies" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "medical_alerts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "alert_notes" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "first_seen_on" date;--> statement-breakpoint
-- "1", "2", … per clinic in order of creation; the clinic's counter past the last. The created
-- date, the age's reference and a first visit's bound, is the clinic's own.
WITH "numbered" AS (
  SELECT "patients"."id",
    row_number() OVER (PARTITION BY "patients"."partner_id" ORDER BY "patients"."created_at", "patients"."id") AS "number",
    ("patients"."created_at" AT TIME ZONE "partners"."time_zone")::date AS "created_on"
  FROM "patients" JOIN "partners" ON "partners"."id" = "patients"."partner_id"
)
UPDATE "patients" SET
  "patient_number" = "numbered"."number"::text,
  "date_of_birth" = ("numbered"."created_on" - make_interval(years => "patients"."age"))::date,
  "date_of_birth_approximate" = "patients"."age" IS NOT NULL,
  "first_seen_on" = least(
    "numbered"."created_on",
    (SELECT min("slots"."date") FROM "slots" WHERE "slots"."patient_id" = "patients"."id")
  )
FROM "numbered" WHERE "numbered"."id" = "patients"."id";--> statement-breakpoint
UPDATE "partners" SET "last_patient_number" = (
  SELECT count(*) FROM "patients" WHERE "patients"."partner_id" = "partners"."id"
);--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "patient_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "first_seen_on" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_partner_number_key" ON "patients" USING btree ("partner_id",lower("patient_number"));--> statement-breakpoint
CREATE INDEX "patients_mobile_trgm_idx" ON "patients" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_name_words_trgm_idx" ON "patients" USING gin ((' ' || lower("name")) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "age";--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_blood_group_check" CHECK ("patients"."blood_group" in ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'));
