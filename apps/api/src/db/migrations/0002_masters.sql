CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"complaint_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dental_treatment_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"treatment_name" text NOT NULL,
	CONSTRAINT "dental_treatment_types_name_key" UNIQUE("treatment_name")
);
--> statement-breakpoint
CREATE TABLE "diagnoses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"diagnosis_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investigations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"investigation_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"observation_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_template_items" (
	"template_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_template_items_template_id_position_pk" PRIMARY KEY("template_id","position")
);
--> statement-breakpoint
CREATE TABLE "product_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"price" numeric(12, 2),
	"tax_percentage" numeric(5, 2),
	"composition" text DEFAULT '' NOT NULL,
	"dosage_qty" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"days" integer,
	"is_morning" boolean DEFAULT false NOT NULL,
	"is_afternoon" boolean DEFAULT false NOT NULL,
	"is_evening" boolean DEFAULT false NOT NULL,
	"is_sos" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_tax_percentage_check" CHECK ("products"."tax_percentage" between 0 and 100),
	CONSTRAINT "products_days_check" CHECK ("products"."days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"treatment_name" text NOT NULL,
	"price" numeric(12, 2),
	"type" text DEFAULT 'SERVICE' NOT NULL,
	"dental_treatment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatments_type_check" CHECK ("treatments"."type" in ('SERVICE', 'PRODUCT')),
	CONSTRAINT "treatments_price_check" CHECK ("treatments"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigations" ADD CONSTRAINT "investigations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_template_items" ADD CONSTRAINT "product_template_items_template_id_product_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."product_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_template_items" ADD CONSTRAINT "product_template_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_dental_treatment_id_dental_treatment_types_id_fk" FOREIGN KEY ("dental_treatment_id") REFERENCES "public"."dental_treatment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_partner_name_key" ON "complaints" USING btree ("partner_id",lower("complaint_name"));--> statement-breakpoint
CREATE INDEX "complaints_name_trgm_idx" ON "complaints" USING gin (lower("complaint_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "diagnoses_partner_name_key" ON "diagnoses" USING btree ("partner_id",lower("diagnosis_name"));--> statement-breakpoint
CREATE INDEX "diagnoses_name_trgm_idx" ON "diagnoses" USING gin (lower("diagnosis_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "investigations_partner_name_key" ON "investigations" USING btree ("partner_id",lower("investigation_name"));--> statement-breakpoint
CREATE INDEX "investigations_name_trgm_idx" ON "investigations" USING gin (lower("investigation_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "observations_partner_name_key" ON "observations" USING btree ("partner_id",lower("observation_name"));--> statement-breakpoint
CREATE INDEX "observations_name_trgm_idx" ON "observations" USING gin (lower("observation_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "product_template_items_product_key" ON "product_template_items" USING btree ("template_id","product_id");--> statement-breakpoint
CREATE INDEX "product_template_items_product_id_idx" ON "product_template_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_templates_partner_name_key" ON "product_templates" USING btree ("partner_id",lower("template_name"));--> statement-breakpoint
CREATE INDEX "product_templates_name_trgm_idx" ON "product_templates" USING gin (lower("template_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "products_partner_name_key" ON "products" USING btree ("partner_id",lower("product_name"));--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("product_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "treatments_partner_name_key" ON "treatments" USING btree ("partner_id",lower("treatment_name"));--> statement-breakpoint
CREATE INDEX "treatments_name_trgm_idx" ON "treatments" USING gin (lower("treatment_name") gin_trgm_ops);--> statement-breakpoint
-- The common dental procedures a dentist's treatment can chart; ids are fixed so treatments can refer to them.
INSERT INTO "dental_treatment_types" ("id", "treatment_name") VALUES
	(1, 'Consultation'),
	(2, 'Scaling and Polishing'),
	(3, 'Filling'),
	(4, 'Root Canal Treatment'),
	(5, 'Extraction'),
	(6, 'Surgical Extraction'),
	(7, 'Crown'),
	(8, 'Bridge'),
	(9, 'Implant'),
	(10, 'Braces'),
	(11, 'Clear Aligners'),
	(12, 'Veneers'),
	(13, 'Teeth Whitening'),
	(14, 'Complete Denture'),
	(15, 'Partial Denture'),
	(16, 'Pulpectomy'),
	(17, 'Pit and Fissure Sealant'),
	(18, 'Fluoride Application'),
	(19, 'Gum Surgery'),
	(20, 'Post and Core');
