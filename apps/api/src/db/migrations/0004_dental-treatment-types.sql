-- More of the procedures a dentist charts on a tooth, beside the twenty of 0002; ids stay fixed so treatments can refer to them.
INSERT INTO "dental_treatment_types" ("id", "treatment_name") VALUES
	(21, 'Pulpotomy'),
	(22, 'Pulp Capping'),
	(23, 'Root Canal Retreatment'),
	(24, 'Apicoectomy'),
	(25, 'Root Planing'),
	(26, 'Gingivectomy'),
	(27, 'Incision and Drainage'),
	(28, 'Splinting'),
	(29, 'Space Maintainer'),
	(30, 'Inlay and Onlay'),
	(31, 'Bone Grafting'),
	(32, 'Temporary Filling'),
	(33, 'Crown Recementation'),
	(34, 'Desensitisation');
--> statement-breakpoint
-- A consultation involves no tooth, so it has no place on the dental chart: treatments charted as one are uncharted.
UPDATE "treatments" SET "dental_treatment_id" = NULL WHERE "dental_treatment_id" = 1;
--> statement-breakpoint
DELETE FROM "dental_treatment_types" WHERE "id" = 1;
