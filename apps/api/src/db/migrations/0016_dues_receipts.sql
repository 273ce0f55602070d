CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_mobile" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"payment_mode" text NOT NULL,
	"note" text,
	"remaining_due_paise" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "receipts_amount_check" CHECK ("receipts"."amount_paise" > 0),
	CONSTRAINT "receipts_remaining_check" CHECK ("receipts"."remaining_due_paise" >= 0),
	CONSTRAINT "receipts_mode_check" CHECK ("receipts"."payment_mode" in ('cash', 'upi', 'card'))
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_partner_idx" ON "receipts" USING btree ("partner_id","paid_at");--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_receipt_idx" ON "bill_payments" USING btree ("receipt_id") WHERE "bill_payments"."receipt_id" is not null;