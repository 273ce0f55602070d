import type { Db } from '../db/database';
import { starterLists } from '../modules/starter-lists/starter-list-definitions';
import { insertStarterLists } from '../modules/starter-lists/starter-lists.repository';

/**
 * The demo clinic's consultation masters, so its prescriptions and bills have realistic
 * lists to pick from. It is a dental practice that also sees everyday illness: the dental
 * starter lists, then the general ones with the dental treatments in place of a general
 * practitioner's. Names already there are skipped, so seeding again only adds what is
 * missing and the demo user's own edits stay.
 */
export async function seedDemoMasters(tx: Db, partnerId: string): Promise<void> {
  await insertStarterLists(tx, partnerId, starterLists.dental);
  await insertStarterLists(tx, partnerId, {
    ...starterLists.general,
    treatments: starterLists.dental.treatments,
  });
}
