-- A dental chart that lives with the patient, and treatment plans done over several sittings
-- (issue 22, decision 046). Findings are append-only (a mistaken one is voided, never deleted);
-- a plan's alternatives and items keep their figures in paise as bill-arithmetic computes them;
-- a sitting's note goes to the patient's timeline. Each seeded dental treatment type names the
-- chart condition a completed item of it records. A bill line may bill one completed plan item,
-- once among the lines of live bills (`bill_deleted` is kept with its bill's deleted_at). The
-- clinic chooses how the chart numbers teeth and whether the prescription prints it.
CREATE TABLE "dental_charts" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"mixed_dentition" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dental_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dental_findings_entry_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"tooth" smallint NOT NULL,
	"surfaces" text[] DEFAULT '{}'::text[] NOT NULL,
	"condition" text NOT NULL,
	"state" text NOT NULL,
	"material" text,
	"mobility_grade" smallint,
	"note" text,
	"recorded_on" date NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_on" date,
	"voided_by" uuid,
	"plan_item_id" uuid,
	CONSTRAINT "dental_findings_tooth_check" CHECK (("dental_findings"."tooth" between 11 and 48 and "dental_findings"."tooth" % 10 between 1 and 8) or ("dental_findings"."tooth" between 51 and 85 and "dental_findings"."tooth" % 10 between 1 and 5)),
	CONSTRAINT "dental_findings_surfaces_check" CHECK ("dental_findings"."surfaces" <@ array['M', 'D', 'O', 'I', 'B', 'F', 'L', 'P']),
	CONSTRAINT "dental_findings_condition_check" CHECK ("dental_findings"."condition" in ('sound', 'caries', 'filling', 'crown', 'root_canal_treated', 'missing', 'impacted', 'implant', 'bridge_pontic', 'bridge_abutment', 'fracture', 'mobility', 'other')),
	CONSTRAINT "dental_findings_state_check" CHECK ("dental_findings"."state" in ('existing', 'planned', 'completed')),
	CONSTRAINT "dental_findings_mobility_grade_check" CHECK ("dental_findings"."mobility_grade" between 1 and 3),
	CONSTRAINT "dental_findings_voided_check" CHECK (("dental_findings"."voided_at" is null) = ("dental_findings"."voided_on" is null))
);
--> statement-breakpoint
CREATE TABLE "treatment_plan_alternatives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"subtotal_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	CONSTRAINT "treatment_plan_alternatives_total_check" CHECK ("treatment_plan_alternatives"."total_paise" = "treatment_plan_alternatives"."subtotal_paise" - "treatment_plan_alternatives"."discount_paise" + "treatment_plan_alternatives"."tax_paise" and "treatment_plan_alternatives"."discount_paise" between 0 and "treatment_plan_alternatives"."subtotal_paise")
);
--> statement-breakpoint
CREATE TABLE "treatment_plan_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"alternative_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"treatment_id" uuid,
	"treatment_name" text NOT NULL,
	"tooth" smallint,
	"surfaces" text[] DEFAULT '{}'::text[] NOT NULL,
	"sitting" smallint NOT NULL,
	"price_paise" bigint NOT NULL,
	"tax_basis_points" integer NOT NULL,
	"discount_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"completed_on" date,
	"completed_by" uuid,
	CONSTRAINT "treatment_plan_items_status_check" CHECK ("treatment_plan_items"."status" in ('planned', 'completed')),
	CONSTRAINT "treatment_plan_items_completed_check" CHECK (("treatment_plan_items"."status" = 'completed') = ("treatment_plan_items"."completed_on" is not null)),
	CONSTRAINT "treatment_plan_items_sitting_check" CHECK ("treatment_plan_items"."sitting" between 1 and 20),
	CONSTRAINT "treatment_plan_items_tax_check" CHECK ("treatment_plan_items"."tax_basis_points" between 0 and 2800),
	CONSTRAINT "treatment_plan_items_total_check" CHECK ("treatment_plan_items"."total_paise" = "treatment_plan_items"."price_paise" - "treatment_plan_items"."discount_paise" + "treatment_plan_items"."tax_paise")
);
--> statement-breakpoint
CREATE TABLE "treatment_plan_sittings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"sitting" smallint NOT NULL,
	"note" text NOT NULL,
	"completed_on" date NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"title" text NOT NULL,
	"valid_until" date,
	"status" text DEFAULT 'proposed' NOT NULL,
	"accepted_alternative_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_plans_status_check" CHECK ("treatment_plans"."status" in ('proposed', 'accepted', 'completed')),
	CONSTRAINT "treatment_plans_accepted_check" CHECK (("treatment_plans"."status" = 'proposed') = ("treatment_plans"."accepted_alternative_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "plan_item_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "bill_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dental_treatment_types" ADD COLUMN "produces_condition" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "tooth_numbering" text DEFAULT 'FDI' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "print_dental_chart" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dental_charts" ADD CONSTRAINT "dental_charts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_charts" ADD CONSTRAINT "dental_charts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_findings" ADD CONSTRAINT "dental_findings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_findings" ADD CONSTRAINT "dental_findings_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_findings" ADD CONSTRAINT "dental_findings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_findings" ADD CONSTRAINT "dental_findings_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dental_findings" ADD CONSTRAINT "dental_findings_plan_item_id_treatment_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."treatment_plan_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_alternatives" ADD CONSTRAINT "treatment_plan_alternatives_plan_id_treatment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_items" ADD CONSTRAINT "treatment_plan_items_plan_id_treatment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_items" ADD CONSTRAINT "treatment_plan_items_alternative_id_treatment_plan_alternatives_id_fk" FOREIGN KEY ("alternative_id") REFERENCES "public"."treatment_plan_alternatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_items" ADD CONSTRAINT "treatment_plan_items_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_items" ADD CONSTRAINT "treatment_plan_items_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_sittings" ADD CONSTRAINT "treatment_plan_sittings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_sittings" ADD CONSTRAINT "treatment_plan_sittings_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_sittings" ADD CONSTRAINT "treatment_plan_sittings_plan_id_treatment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_sittings" ADD CONSTRAINT "treatment_plan_sittings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_accepted_alternative_id_treatment_plan_alternatives_id_fk" FOREIGN KEY ("accepted_alternative_id") REFERENCES "public"."treatment_plan_alternatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dental_findings_patient_tooth_idx" ON "dental_findings" USING btree ("patient_id","tooth","entry");--> statement-breakpoint
CREATE INDEX "dental_findings_plan_item_idx" ON "dental_findings" USING btree ("plan_item_id") WHERE "dental_findings"."plan_item_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plan_alternatives_plan_position_key" ON "treatment_plan_alternatives" USING btree ("plan_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plan_items_alternative_position_key" ON "treatment_plan_items" USING btree ("alternative_id","position");--> statement-breakpoint
CREATE INDEX "treatment_plan_items_plan_idx" ON "treatment_plan_items" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "treatment_plan_items_treatment_idx" ON "treatment_plan_items" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "treatment_plan_sittings_plan_idx" ON "treatment_plan_sittings" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "treatment_plan_sittings_patient_idx" ON "treatment_plan_sittings" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "treatment_plans_patient_idx" ON "treatment_plans" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "treatment_plans_accepted_alternative_idx" ON "treatment_plans" USING btree ("accepted_alternative_id") WHERE "treatment_plans"."accepted_alternative_id" is not null;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_plan_item_id_treatment_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."treatment_plan_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_lines_plan_item_key" ON "bill_lines" USING btree ("plan_item_id") WHERE "bill_lines"."plan_item_id" is not null and not "bill_lines"."bill_deleted";--> statement-breakpoint
CREATE INDEX "bill_lines_plan_item_idx" ON "bill_lines" USING btree ("plan_item_id") WHERE "bill_lines"."plan_item_id" is not null;--> statement-breakpoint
ALTER TABLE "dental_treatment_types" ADD CONSTRAINT "dental_treatment_types_produces_condition_check" CHECK ("dental_treatment_types"."produces_condition" in ('sound', 'caries', 'filling', 'crown', 'root_canal_treated', 'missing', 'impacted', 'implant', 'bridge_pontic', 'bridge_abutment', 'fracture', 'mobility', 'other'));--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_tooth_numbering_check" CHECK ("partners"."tooth_numbering" in ('FDI', 'UNIVERSAL'));--> statement-breakpoint
UPDATE "dental_treatment_types" SET "produces_condition" = 'filling' WHERE "treatment_name" IN ('Filling', 'Temporary Filling', 'Inlay and Onlay');--> statement-breakpoint
UPDATE "dental_treatment_types" SET "produces_condition" = 'root_canal_treated' WHERE "treatment_name" IN ('Root Canal Treatment', 'Root Canal Retreatment', 'Pulpectomy');--> statement-breakpoint
UPDATE "dental_treatment_types" SET "produces_condition" = 'missing' WHERE "treatment_name" IN ('Extraction', 'Surgical Extraction');--> statement-breakpoint
UPDATE "dental_treatment_types" SET "produces_condition" = 'crown' WHERE "treatment_name" IN ('Crown', 'Crown Recementation');--> statement-breakpoint
UPDATE "dental_treatment_types" SET "produces_condition" = 'bridge_abutment' WHERE "treatment_name" = 'Bridge';--> statement-breakpoint
UPDATE "dental_treatment_types" SET "produces_condition" = 'implant' WHERE "treatment_name" = 'Implant';
