-- A treatment plan names the location it was made at (issue 22, decision 046): its estimate is
-- headed with that address, and a send of it on WhatsApp counts against that location's hourly
-- limit. Plans saved before this take their clinic's first location; a plan left without one
-- (a clinic with no location) is refused a send (409).
ALTER TABLE "treatment_plans" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "treatment_plans" SET "location_id" = (
	SELECT "locations"."id" FROM "locations"
	WHERE "locations"."partner_id" = "treatment_plans"."partner_id"
	ORDER BY "locations"."created_at", "locations"."id" LIMIT 1
) WHERE "location_id" IS NULL;--> statement-breakpoint
CREATE INDEX "treatment_plans_location_idx" ON "treatment_plans" USING btree ("location_id") WHERE "treatment_plans"."location_id" is not null;