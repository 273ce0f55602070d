CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"speciality" text NOT NULL,
	"city" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"referred_partner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('invited', 'signed_up', 'active')),
	CONSTRAINT "referrals_mobile_check" CHECK ("referrals"."mobile" ~ '^[6-9][0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "tv_displays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"pairing_code" text,
	"code_expires_at" timestamp with time zone NOT NULL,
	"partner_id" uuid,
	"location_id" uuid,
	"queue_id" uuid,
	"paired_at" timestamp with time zone,
	"paired_by" uuid,
	"unpaired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tv_displays_paired_check" CHECK (("tv_displays"."paired_at" is null) = ("tv_displays"."partner_id" is null) and ("tv_displays"."partner_id" is null) = ("tv_displays"."queue_id" is null))
);
--> statement-breakpoint
ALTER TABLE "wallet_movements" DROP CONSTRAINT "wallet_movements_kind_check";--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD COLUMN "referral_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_partner_id_partners_id_fk" FOREIGN KEY ("referred_partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_displays" ADD CONSTRAINT "tv_displays_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_displays" ADD CONSTRAINT "tv_displays_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_displays" ADD CONSTRAINT "tv_displays_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_displays" ADD CONSTRAINT "tv_displays_paired_by_users_id_fk" FOREIGN KEY ("paired_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referrer_mobile_key" ON "referrals" USING btree ("partner_id","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_partner_key" ON "referrals" USING btree ("referred_partner_id") WHERE "referrals"."referred_partner_id" is not null;--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_mobile_idx" ON "referrals" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "tv_displays_token_hash_key" ON "tv_displays" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tv_displays_pairing_code_key" ON "tv_displays" USING btree ("pairing_code") WHERE "tv_displays"."pairing_code" is not null;--> statement-breakpoint
CREATE INDEX "tv_displays_partner_idx" ON "tv_displays" USING btree ("partner_id","paired_at");--> statement-breakpoint
CREATE INDEX "tv_displays_queue_idx" ON "tv_displays" USING btree ("queue_id");--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_referred_by_partners_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partners_referral_code_key" ON "partners" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_movements_referral_key" ON "wallet_movements" USING btree ("referral_id") WHERE "wallet_movements"."referral_id" is not null;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_kind_check" CHECK ("wallet_movements"."kind" in ('opening', 'recharge', 'booking', 'refund', 'adjustment', 'referral_reward'));