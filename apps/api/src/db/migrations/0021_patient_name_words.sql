-- Each word of a live patient's name in a table of its own (issue 21, decision 045), with the
-- registry's order beside it: a search of a word start walks one start's words in last-visit
-- order and stops at the page's end, and its count stops at the cap, where the trigram index
-- listed every posting of the text first. The database keeps the table from the patient's name,
-- last visit and merge (a trigger, like the generated name_key), so every writer of patients
-- keeps it right without knowing of it. The trigram index of name words has no reader left.
CREATE TABLE "patient_name_words" (
	"patient_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"word" text NOT NULL,
	"word_start" text GENERATED ALWAYS AS (left("patient_name_words"."word", 3)) STORED NOT NULL,
	"last_visit_on" date,
	"name" text NOT NULL,
	CONSTRAINT "patient_name_words_patient_id_word_pk" PRIMARY KEY("patient_id","word")
);
--> statement-breakpoint
ALTER TABLE "patient_name_words" ADD CONSTRAINT "patient_name_words_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_name_words" ADD CONSTRAINT "patient_name_words_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_name_words_start_idx" ON "patient_name_words" USING btree ("partner_id","word_start","last_visit_on" DESC NULLS LAST,"name","patient_id","word");--> statement-breakpoint
CREATE INDEX "patient_name_words_word_idx" ON "patient_name_words" USING btree ("partner_id","word" text_pattern_ops,"last_visit_on" DESC NULLS LAST,"name","patient_id");
--> statement-breakpoint
CREATE FUNCTION "patients_name_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW."name" IS NOT DISTINCT FROM OLD."name"
		AND NEW."last_visit_on" IS NOT DISTINCT FROM OLD."last_visit_on"
		AND NEW."merged_into_id" IS NOT DISTINCT FROM OLD."merged_into_id" THEN
		RETURN NEW;
	END IF;
	DELETE FROM "patient_name_words" WHERE "patient_id" = NEW."id";
	IF NEW."merged_into_id" IS NULL THEN
		INSERT INTO "patient_name_words" ("patient_id", "partner_id", "word", "last_visit_on", "name")
		SELECT DISTINCT NEW."id", NEW."partner_id", "word", NEW."last_visit_on", NEW."name"
		FROM unnest(string_to_array(lower(NEW."name"), ' ')) AS "words"("word")
		WHERE "word" <> '';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patients_name_words_sync" AFTER INSERT OR UPDATE OF "name", "last_visit_on", "merged_into_id" ON "patients"
FOR EACH ROW EXECUTE FUNCTION "patients_name_words_sync"();--> statement-breakpoint
INSERT INTO "patient_name_words" ("patient_id", "partner_id", "word", "last_visit_on", "name")
SELECT DISTINCT "patients"."id", "patients"."partner_id", "words"."word", "patients"."last_visit_on", "patients"."name"
FROM "patients", unnest(string_to_array(lower("patients"."name"), ' ')) AS "words"("word")
WHERE "patients"."merged_into_id" IS NULL AND "words"."word" <> '';--> statement-breakpoint
DROP INDEX "patients_name_words_trgm_idx";
