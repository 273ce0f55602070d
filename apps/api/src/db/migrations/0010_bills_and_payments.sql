CREATE TABLE "bill_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_audit_action_check" CHECK ("bill_audit"."action" in ('created', 'edited', 'deleted', 'payment'))
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"treatment_id" uuid,
	"product_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"tax_basis_points" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	CONSTRAINT "bill_lines_quantity_check" CHECK ("bill_lines"."quantity" between 1 and 1000),
	CONSTRAINT "bill_lines_tax_check" CHECK ("bill_lines"."tax_basis_points" between 0 and 2800)
);
--> statement-breakpoint
CREATE TABLE "bill_number_sequences" (
	"partner_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "bill_number_sequences_partner_id_financial_year_pk" PRIMARY KEY("partner_id","financial_year")
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"payment_mode" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "bill_payments_amount_check" CHECK ("bill_payments"."amount_paise" > 0),
	CONSTRAINT "bill_payments_mode_check" CHECK ("bill_payments"."payment_mode" in ('cash', 'upi', 'card'))
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"slot_id" uuid,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"bill_number" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_mobile" text NOT NULL,
	"generated_date" date NOT NULL,
	"subtotal_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"final_paise" bigint NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_money_check" CHECK ("bills"."subtotal_paise" >= 0 and "bills"."discount_paise" >= 0 and "bills"."tax_paise" >= 0),
	CONSTRAINT "bills_final_check" CHECK ("bills"."final_paise" = "bills"."subtotal_paise" - "bills"."discount_paise" + "bills"."tax_paise"),
	CONSTRAINT "bills_paid_check" CHECK ("bills"."paid_paise" between 0 and "bills"."final_paise")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"gateway_payment_id" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_amount_check" CHECK ("payment_orders"."amount_paise" > 0),
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('created', 'paid', 'failed')),
	CONSTRAINT "payment_orders_gateway_check" CHECK ("payment_orders"."gateway" in ('test', 'razorpay'))
);
--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD COLUMN "payment_order_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_audit" ADD CONSTRAINT "bill_audit_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_audit" ADD CONSTRAINT "bill_audit_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_audit" ADD CONSTRAINT "bill_audit_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_number_sequences" ADD CONSTRAINT "bill_number_sequences_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_audit_bill_idx" ON "bill_audit" USING btree ("bill_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_lines_bill_position_key" ON "bill_lines" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_key" ON "bills" USING btree ("partner_id","financial_year","sequence");--> statement-breakpoint
CREATE INDEX "bills_location_date_idx" ON "bills" USING btree ("location_id","generated_date","created_at") WHERE "bills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bills_location_name_idx" ON "bills" USING btree ("location_id",lower("customer_name") text_pattern_ops) WHERE "bills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bills_location_mobile_idx" ON "bills" USING btree ("location_id","customer_mobile" text_pattern_ops) WHERE "bills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bills_patient_idx" ON "bills" USING btree ("patient_id","generated_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_slot_key" ON "bills" USING btree ("slot_id") WHERE "bills"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_gateway_order_key" ON "payment_orders" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
CREATE INDEX "payment_orders_partner_idx" ON "payment_orders" USING btree ("partner_id","created_at");--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_movements_payment_order_key" ON "wallet_movements" USING btree ("payment_order_id") WHERE "wallet_movements"."payment_order_id" is not null;