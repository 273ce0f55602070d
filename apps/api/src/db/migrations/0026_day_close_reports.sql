-- Day close and reports (issue 24, decision 048): a location's closed days with the cash counted,
-- the audit trail's day acts, and the indexes the reports read bills and payments by over a range.
CREATE TABLE "day_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"date" date NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone NOT NULL,
	"cash_counted_paise" bigint NOT NULL,
	"cash_expected_paise" bigint NOT NULL,
	"note" text,
	"reopened_by" uuid,
	"reopened_at" timestamp with time zone,
	CONSTRAINT "day_closes_cash_check" CHECK ("day_closes"."cash_counted_paise" >= 0 and "day_closes"."cash_expected_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_record_type_check";--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_location_date_key" ON "day_closes" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "bill_payments_partner_paid_idx" ON "bill_payments" USING btree ("partner_id","paid_at");--> statement-breakpoint
CREATE INDEX "bills_partner_date_idx" ON "bills" USING btree ("partner_id","generated_date") WHERE "bills"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('created', 'updated', 'deleted', 'read', 'merged', 'sent', 'status_changed', 'accepted', 'completed', 'disabled', 'enabled', 'password_reset', 'closed', 'reopened'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_record_type_check" CHECK ("audit_events"."record_type" in ('patient', 'booking', 'prescription', 'dental_chart', 'treatment_plan', 'bill', 'payment', 'message', 'staff', 'day'));