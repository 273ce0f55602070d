CREATE TABLE "site_aliases" (
	"name" text PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_aliases_name_lower_check" CHECK ("site_aliases"."name" = lower("site_aliases"."name"))
);
--> statement-breakpoint
ALTER TABLE "site_aliases" ADD CONSTRAINT "site_aliases_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_aliases_partner_id_idx" ON "site_aliases" USING btree ("partner_id");