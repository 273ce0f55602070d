-- The last visit kept on the patient (issue 21, decision 043): the latest date a booking of
-- theirs showed up, was called or completed, filled here from `slots` and kept from now on by
-- the patients module in each transaction that changes a booking. The registry's order (last
-- visit newest first, then name) gets an index of its own among the live patients, which the
-- blank list and a common search walk and leave at the page's end; the name-start index takes
-- the order's columns, so a rarer start is read from it alone; a patient's receipts get an index
-- for their timeline.
ALTER TABLE "patients" ADD COLUMN "last_visit_on" date;--> statement-breakpoint
UPDATE "patients" SET "last_visit_on" = "visits"."last_visit_on"
FROM (
	SELECT "patient_id", max("date") AS "last_visit_on" FROM "slots"
	WHERE "status" IN ('showed_up', 'called', 'completed')
	GROUP BY "patient_id"
) AS "visits"
WHERE "visits"."patient_id" = "patients"."id";--> statement-breakpoint
CREATE INDEX "patients_partner_last_visit_idx" ON "patients" USING btree ("partner_id","last_visit_on" DESC NULLS LAST,"name","id") WHERE "patients"."merged_into_id" is null;--> statement-breakpoint
DROP INDEX "patients_partner_name_idx";--> statement-breakpoint
CREATE INDEX "patients_partner_name_idx" ON "patients" USING btree ("partner_id",lower("name") text_pattern_ops,"last_visit_on" DESC NULLS LAST,"name","id","merged_into_id");--> statement-breakpoint
CREATE INDEX "receipts_patient_idx" ON "receipts" USING btree ("patient_id","paid_at");
