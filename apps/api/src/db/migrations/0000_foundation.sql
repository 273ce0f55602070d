CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"location_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_no" text DEFAULT '' NOT NULL,
	"location_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"speciality_type" text DEFAULT 'DOCTOR' NOT NULL,
	"subscription_type" text DEFAULT 'standard' NOT NULL,
	"wallet_balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"charge_per_booking" numeric(12, 2) DEFAULT '0' NOT NULL,
	"profile_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"qr_code_domain" text,
	"domain_url" text,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_subscription_type_check" CHECK ("partners"."subscription_type" in ('standard', 'wallet')),
	CONSTRAINT "partners_charge_per_booking_check" CHECK ("partners"."charge_per_booking" >= 0)
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_partner_id_idx" ON "locations" USING btree ("partner_id","created_at");