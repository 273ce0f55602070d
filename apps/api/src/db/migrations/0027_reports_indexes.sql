-- Reports (issue 24): a clinic's deleted bills, so the collections report drops their payments
-- by an anti-join on a few index entries instead of reading every bill (bench/README.md).
CREATE INDEX "bills_partner_deleted_idx" ON "bills" USING btree ("partner_id","id") WHERE "bills"."deleted_at" is not null;