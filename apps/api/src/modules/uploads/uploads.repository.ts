import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { uploads } from '../../db/schema';

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(values);
}

const uploadColumns = {
  key: uploads.key,
  partner_id: uploads.partner_id,
  purpose: uploads.purpose,
  content_type: uploads.content_type,
  stored_at: uploads.stored_at,
};

export type UploadRow = { [K in keyof typeof uploadColumns]: (typeof uploads.$inferSelect)[K] };

/** The partner's own upload under the key; another partner's key is not found. */
export async function findUpload(db: Db, partnerId: string, key: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select(uploadColumns)
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.partner_id, partnerId)));
  return row;
}

/** Whoever's upload it is: serving a file needs only its key. */
export async function findUploadByKey(db: Db, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select(uploadColumns).from(uploads).where(eq(uploads.key, key));
  return row;
}

/** Until the transaction ends, no other one counts or accepts the partner's uploads. */
export async function lockPartnerUploads(tx: Db, partnerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vaidya.uploads:${partnerId}`}))`);
}

/** Records the accepted bytes' size, once: false when the key was accepted before. */
export async function markStored(tx: Db, key: string, sizeBytes: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(uploads)
    .set({ stored_at: at, size_bytes: sizeBytes })
    .where(and(eq(uploads.key, key), isNull(uploads.stored_at)))
    .returning({ key: uploads.key });
  return rows.length === 1;
}

/** What the partner's accepted files take up: its storage quota counts this. */
export async function storedBytes(db: Db, partnerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${uploads.size_bytes}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.partner_id, partnerId), isNotNull(uploads.stored_at)));
  return Number(row?.total ?? 0);
}
