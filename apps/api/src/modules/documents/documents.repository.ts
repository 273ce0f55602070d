import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { partners } from '../../db/schema';

/** The partner columns that hold the upload keys of the documents' layout images. */
export type LayoutColumn =
  | 'consultation_form_header_url'
  | 'consultation_form_footer_url'
  | 'authorised_signature_url';

const layoutColumns = {
  consultation_form_header_url: partners.consultation_form_header_url,
  consultation_form_footer_url: partners.consultation_form_footer_url,
  authorised_signature_url: partners.authorised_signature_url,
};

export async function findLayoutKeys(db: Db, partnerId: string) {
  const [row] = await db.select(layoutColumns).from(partners).where(eq(partners.id, partnerId));
  return row;
}

/** Sets (a key) or clears (null) layout columns of the partner; answers the keys after the change. */
export async function setLayoutKeys(
  db: Db,
  partnerId: string,
  keys: Partial<Record<LayoutColumn, string | null>>,
) {
  const [row] = await db
    .update(partners)
    .set({ ...keys, updated_at: sql`now()` })
    .where(eq(partners.id, partnerId))
    .returning(layoutColumns);
  return row;
}
