DROP INDEX "bills_location_date_idx";--> statement-breakpoint
DROP INDEX "bills_location_name_idx";--> statement-breakpoint
DROP INDEX "bills_location_mobile_idx";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "customer_name_search" text GENERATED ALWAYS AS (lower(customer_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "bills_location_date_idx" ON "bills" USING btree ("location_id","generated_date","created_at","id") WHERE "bills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bills_location_name_idx" ON "bills" USING btree ("location_id","customer_name_search" text_pattern_ops,"generated_date","created_at","id") WHERE "bills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bills_location_mobile_idx" ON "bills" USING btree ("location_id","customer_mobile" text_pattern_ops,"generated_date","created_at","id") WHERE "bills"."deleted_at" is null;