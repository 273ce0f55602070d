import type { Speciality } from '@vaidya/contract/specialities';
import type { StarterListCounts } from '@vaidya/contract/starter-lists';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { starterListsFor } from './starter-list-definitions';
import { findPartnerSpeciality, insertStarterLists } from './starter-lists.repository';

/** A clinic's first lists, copied from its speciality's starter lists into its own masters (decision 017). */
export function createStarterListsService({ db }: { db: Db }) {
  return {
    /** Within the caller's transaction, so a clinic and its lists are created together (sign-up). */
    copyStarterLists({
      tx,
      partnerId,
      speciality,
    }: {
      tx: Db;
      partnerId: string;
      speciality: Speciality;
    }): Promise<StarterListCounts> {
      return insertStarterLists(tx, partnerId, starterListsFor(speciality));
    },

    /** From the masters screen: adds what the clinic does not have yet, all or nothing. */
    addStarterLists({ caller }: { caller: Caller }): Promise<StarterListCounts> {
      return db.transaction(async (tx) => {
        const speciality = await findPartnerSpeciality(tx, caller.partnerId);
        if (!speciality) throw notFound('Partner');
        return insertStarterLists(tx, caller.partnerId, starterListsFor(speciality));
      });
    },
  };
}

export type StarterListsService = ReturnType<typeof createStarterListsService>;
