ALTER TABLE "slots" DROP CONSTRAINT "slots_status_check";--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "showed_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "called_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_status_check" CHECK ("slots"."status" in ('booked', 'showed_up', 'called', 'completed', 'no_show', 'cancelled'));--> statement-breakpoint
UPDATE "slots" SET "showed_up_at" = "updated_at" WHERE "status" = 'showed_up';--> statement-breakpoint
UPDATE "slots" SET "completed_at" = "updated_at" WHERE "status" = 'completed';
