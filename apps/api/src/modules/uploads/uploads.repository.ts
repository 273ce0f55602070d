import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { uploads } from '../../db/schema';

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(values);
}

/** The partner's own upload under the key; another partner's key is not found. */
export async function findUpload(db: Db, partnerId: string, key: string) {
  const [row] = await db
    .select({ key: uploads.key, purpose: uploads.purpose })
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.partner_id, partnerId)));
  return row;
}
