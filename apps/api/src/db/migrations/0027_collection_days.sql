-- Each day's money per location and bill doctor (issue 24, decision 048): collection_days, kept by
-- triggers on bills, bill_payments and prescriptions, and each payment's date in the clinic's zone.
CREATE TABLE "collection_days" (
	"partner_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"doctor_user_id" uuid,
	"billed_paise" bigint DEFAULT 0 NOT NULL,
	"cash_paise" bigint DEFAULT 0 NOT NULL,
	"upi_paise" bigint DEFAULT 0 NOT NULL,
	"card_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_days_key" UNIQUE NULLS NOT DISTINCT("partner_id","day","location_id","doctor_user_id")
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "paid_date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_days" ADD CONSTRAINT "collection_days_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_days" ADD CONSTRAINT "collection_days_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The doctor a bill's money counts for: the one chosen on it, else the author of its visit's live
-- prescription (consultation_forms_slot_key finds it), else none.
CREATE FUNCTION "bill_doctor"(p_doctor uuid, p_slot uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT coalesce(p_doctor, (SELECT "author_id" FROM "consultation_forms" WHERE "slot_id" = p_slot AND "deleted_at" IS NULL))
$$;--> statement-breakpoint
UPDATE "bill_payments" SET "paid_date" = ("bill_payments"."paid_at" AT TIME ZONE "partners"."time_zone")::date
FROM "partners" WHERE "partners"."id" = "bill_payments"."partner_id";--> statement-breakpoint
INSERT INTO "collection_days" ("partner_id", "location_id", "day", "doctor_user_id", "billed_paise", "cash_paise", "upi_paise", "card_paise")
SELECT "partner_id", "location_id", "day", "doctor_user_id", sum("billed"), sum("cash"), sum("upi"), sum("card")
FROM (
  SELECT "partner_id", "location_id", "generated_date" AS "day", "bill_doctor"("doctor_user_id", "slot_id") AS "doctor_user_id", "final_paise" AS "billed",
    0::bigint AS "cash", 0::bigint AS "upi", 0::bigint AS "card"
  FROM "bills" WHERE "deleted_at" IS NULL
  UNION ALL
  SELECT "bills"."partner_id", "bills"."location_id", "bill_payments"."paid_date", "bill_doctor"("bills"."doctor_user_id", "bills"."slot_id"), 0,
    CASE WHEN "bill_payments"."payment_mode" = 'cash' THEN "bill_payments"."amount_paise" ELSE 0 END,
    CASE WHEN "bill_payments"."payment_mode" = 'upi' THEN "bill_payments"."amount_paise" ELSE 0 END,
    CASE WHEN "bill_payments"."payment_mode" = 'card' THEN "bill_payments"."amount_paise" ELSE 0 END
  FROM "bill_payments" JOIN "bills" ON "bills"."id" = "bill_payments"."bill_id"
  WHERE "bills"."deleted_at" IS NULL
) AS "money"
GROUP BY "partner_id", "location_id", "day", "doctor_user_id";--> statement-breakpoint
-- Adds money to a day's row, creating it when a first amount comes; taking money away only
-- changes the row the same amount was added to (so a clinic being deleted never gains a row).
CREATE FUNCTION "collection_days_add"(
  p_partner uuid, p_location uuid, p_day date, p_doctor uuid, p_billed bigint, p_mode text, p_received bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_cash bigint := CASE WHEN p_mode = 'cash' THEN p_received ELSE 0 END;
  v_upi bigint := CASE WHEN p_mode = 'upi' THEN p_received ELSE 0 END;
  v_card bigint := CASE WHEN p_mode = 'card' THEN p_received ELSE 0 END;
BEGIN
  UPDATE "collection_days" SET "billed_paise" = "billed_paise" + p_billed, "cash_paise" = "cash_paise" + v_cash,
    "upi_paise" = "upi_paise" + v_upi, "card_paise" = "card_paise" + v_card
  WHERE "partner_id" = p_partner AND "day" = p_day AND "location_id" = p_location
    AND "doctor_user_id" IS NOT DISTINCT FROM p_doctor;
  IF NOT FOUND AND p_billed >= 0 AND p_received >= 0 THEN
    INSERT INTO "collection_days" AS "days" ("partner_id", "location_id", "day", "doctor_user_id", "billed_paise", "cash_paise", "upi_paise", "card_paise")
    VALUES (p_partner, p_location, p_day, p_doctor, p_billed, v_cash, v_upi, v_card)
    ON CONFLICT ON CONSTRAINT "collection_days_key" DO UPDATE SET
      "billed_paise" = "days"."billed_paise" + excluded."billed_paise",
      "cash_paise" = "days"."cash_paise" + excluded."cash_paise",
      "upi_paise" = "days"."upi_paise" + excluded."upi_paise",
      "card_paise" = "days"."card_paise" + excluded."card_paise";
  END IF;
END $$;--> statement-breakpoint
-- Adds (sign 1) or takes back (sign -1) every payment of a bill on its day, at the location and
-- for the doctor given: what moves when the bill moves or its doctor changes.
CREATE FUNCTION "collection_days_add_payments"(
  p_bill uuid, p_partner uuid, p_location uuid, p_doctor uuid, p_sign integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payment record;
BEGIN
  FOR payment IN SELECT "paid_date", "payment_mode", "amount_paise" FROM "bill_payments" WHERE "bill_id" = p_bill LOOP
    PERFORM "collection_days_add"(p_partner, p_location, payment."paid_date", p_doctor, 0, payment."payment_mode", p_sign * payment."amount_paise");
  END LOOP;
END $$;--> statement-breakpoint
-- A payment's day is the clinic's date of its moment, in the clinic's time zone as it was then.
CREATE FUNCTION "bill_payments_paid_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."paid_date" := (NEW."paid_at" AT TIME ZONE (SELECT "time_zone" FROM "partners" WHERE "id" = NEW."partner_id"))::date;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bill_payments_paid_date" BEFORE INSERT OR UPDATE OF "paid_at" ON "bill_payments"
FOR EACH ROW EXECUTE FUNCTION "bill_payments_paid_date"();--> statement-breakpoint
-- A payment of a live bill counts on its day, at its bill's location and for its doctor, in its mode.
CREATE FUNCTION "bill_payments_collection_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bill record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "location_id", "bill_doctor"("doctor_user_id", "slot_id") AS "doctor" INTO bill FROM "bills" WHERE "id" = OLD."bill_id" AND "deleted_at" IS NULL;
    IF FOUND THEN
      PERFORM "collection_days_add"(OLD."partner_id", bill."location_id", OLD."paid_date", bill."doctor", 0, OLD."payment_mode", -OLD."amount_paise");
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT "location_id", "bill_doctor"("doctor_user_id", "slot_id") AS "doctor" INTO bill FROM "bills" WHERE "id" = NEW."bill_id" AND "deleted_at" IS NULL;
    IF FOUND THEN
      PERFORM "collection_days_add"(NEW."partner_id", bill."location_id", NEW."paid_date", bill."doctor", 0, NEW."payment_mode", NEW."amount_paise");
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bill_payments_collection_days" AFTER INSERT OR UPDATE OR DELETE ON "bill_payments"
FOR EACH ROW EXECUTE FUNCTION "bill_payments_collection_days"();--> statement-breakpoint
-- A live bill counts on its date at its location and for its doctor; deleting it, or moving it to
-- another location, doctor or visit, takes its payments along. Bills are never deleted outright
-- but with their clinic.
CREATE FUNCTION "bills_collection_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_doctor uuid;
  new_doctor uuid;
  moved boolean := TG_OP = 'UPDATE' AND (NEW."location_id" IS DISTINCT FROM OLD."location_id"
    OR NEW."doctor_user_id" IS DISTINCT FROM OLD."doctor_user_id" OR NEW."slot_id" IS DISTINCT FROM OLD."slot_id"
    OR (NEW."deleted_at" IS NULL) <> (OLD."deleted_at" IS NULL));
BEGIN
  IF TG_OP = 'UPDATE' AND NOT moved AND NEW."generated_date" = OLD."generated_date"
    AND NEW."final_paise" = OLD."final_paise" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."deleted_at" IS NULL THEN
    old_doctor := "bill_doctor"(OLD."doctor_user_id", OLD."slot_id");
    PERFORM "collection_days_add"(OLD."partner_id", OLD."location_id", OLD."generated_date", old_doctor, -OLD."final_paise", NULL, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."deleted_at" IS NULL THEN
    new_doctor := "bill_doctor"(NEW."doctor_user_id", NEW."slot_id");
    PERFORM "collection_days_add"(NEW."partner_id", NEW."location_id", NEW."generated_date", new_doctor, NEW."final_paise", NULL, 0);
  END IF;
  IF moved AND OLD."deleted_at" IS NULL THEN
    PERFORM "collection_days_add_payments"(OLD."id", OLD."partner_id", OLD."location_id", old_doctor, -1);
  END IF;
  IF moved AND NEW."deleted_at" IS NULL THEN
    PERFORM "collection_days_add_payments"(NEW."id", NEW."partner_id", NEW."location_id", new_doctor, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bills_collection_days" AFTER INSERT OR UPDATE OR DELETE ON "bills"
FOR EACH ROW EXECUTE FUNCTION "bills_collection_days"();--> statement-breakpoint
-- A prescription written, moved, deleted or saved by another doctor changes the doctor of its
-- visit's bill when none was chosen on it: the bill's money and its payments move to the new one.
CREATE FUNCTION "consultation_forms_collection_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slot uuid;
  before_author uuid;
  after_author uuid;
  bill record;
BEGIN
  FOR slot IN SELECT DISTINCT visit FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD."slot_id" END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW."slot_id" END]) AS visit WHERE visit IS NOT NULL LOOP
    -- A visit has one live prescription at most: before this change it was the old row, or none.
    before_author := CASE WHEN TG_OP <> 'INSERT' AND OLD."slot_id" = slot AND OLD."deleted_at" IS NULL THEN OLD."author_id" END;
    after_author := (SELECT "author_id" FROM "consultation_forms" WHERE "slot_id" = slot AND "deleted_at" IS NULL);
    CONTINUE WHEN before_author IS NOT DISTINCT FROM after_author;
    SELECT "bills".* INTO bill FROM "bills" JOIN "partners" ON "partners"."id" = "bills"."partner_id"
    WHERE "bills"."slot_id" = slot AND "bills"."deleted_at" IS NULL AND "bills"."doctor_user_id" IS NULL;
    CONTINUE WHEN NOT FOUND;
    PERFORM "collection_days_add"(bill."partner_id", bill."location_id", bill."generated_date", before_author, -bill."final_paise", NULL, 0);
    PERFORM "collection_days_add"(bill."partner_id", bill."location_id", bill."generated_date", after_author, bill."final_paise", NULL, 0);
    PERFORM "collection_days_add_payments"(bill."id", bill."partner_id", bill."location_id", before_author, -1);
    PERFORM "collection_days_add_payments"(bill."id", bill."partner_id", bill."location_id", after_author, 1);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "consultation_forms_collection_days" AFTER INSERT OR UPDATE OF "slot_id", "author_id", "deleted_at" OR DELETE ON "consultation_forms"
FOR EACH ROW EXECUTE FUNCTION "consultation_forms_collection_days"();
