import {
  type MasterListQuery,
  type MasterNames,
  masterMessages,
  type Product,
} from '@vaidya/contract/masters';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { type MasterDefinition, medicinesOfTemplates, productTemplateMaster } from './master-definitions';
import {
  deleteMasterRow,
  findMasterRow,
  insertMasterRow,
  listDentalTreatmentTypes,
  listMasterRows,
  type MasterRow,
  type MasterTable,
  updateMasterRow,
} from './masters.repository';

/** Which master an operation is about, and who asks. */
interface MasterInput<
  T extends MasterTable,
  P extends Record<Names['payloadField'], string>,
  R,
  Names extends MasterNames,
> {
  master: MasterDefinition<T, P, R, Names>;
  caller: Caller;
}

/** The five calls every master answers (spec §7), plus the two lookups of the masters screens. */
export function createMastersService({ db }: { db: Db }) {
  /** One stored row as its record; no row means the partner has no such record. */
  async function present<
    T extends MasterTable,
    P extends Record<Names['payloadField'], string>,
    R,
    Names extends MasterNames,
  >(master: MasterDefinition<T, P, R, Names>, row: MasterRow<T> | undefined): Promise<R> {
    const [record] = row ? await master.toRecords(db, [row]) : [];
    if (!record) throw notFound(master.contract.names.label);
    return record;
  }

  /** The per-partner unique name index is the one arbiter of duplicates, also under concurrent saves. */
  async function saving<
    T extends MasterTable,
    P extends Record<Names['payloadField'], string>,
    R,
    Names extends MasterNames,
  >(
    master: MasterDefinition<T, P, R, Names>,
    payload: P,
    save: () => Promise<MasterRow<T> | undefined>,
  ): Promise<R> {
    try {
      return await present(master, await save());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Annotated, so the key keeps its literal type (a destructured one widens to string).
      const nameField: Names['payloadField'] = master.contract.names.payloadField;
      throw new AppError('CONFLICT', masterMessages.duplicateName(master.contract.names, payload[nameField]));
    }
  }

  return {
    async list<
      T extends MasterTable,
      P extends Record<Names['payloadField'], string>,
      R,
      Names extends MasterNames,
    >({ master, caller, query }: MasterInput<T, P, R, Names> & { query: MasterListQuery }) {
      const { rows, total } = await listMasterRows(db, master, { partnerId: caller.partnerId, ...query });
      return {
        results: await master.toRecords(db, rows),
        pagination: { total, page: query.page, limit: query.limit },
      };
    },

    add<
      T extends MasterTable,
      P extends Record<Names['payloadField'], string>,
      R,
      Names extends MasterNames,
    >({ master, caller, payload }: MasterInput<T, P, R, Names> & { payload: P }): Promise<R> {
      const { partnerId } = caller;
      return saving(master, payload, () =>
        db.transaction(async (tx) => {
          await master.check?.(tx, { partnerId, payload });
          const saved = await insertMasterRow(tx, master, { partnerId, values: master.values(payload) });
          if (saved) await master.saveChildren?.(tx, { id: saved.id, payload });
          return saved;
        }),
      );
    },

    update<
      T extends MasterTable,
      P extends Record<Names['payloadField'], string>,
      R,
      Names extends MasterNames,
    >({ master, caller, id, payload }: MasterInput<T, P, R, Names> & { id: string; payload: P }): Promise<R> {
      const { partnerId } = caller;
      return saving(master, payload, () =>
        db.transaction(async (tx) => {
          await master.check?.(tx, { partnerId, payload });
          const saved = await updateMasterRow(tx, master, { partnerId, id, values: master.values(payload) });
          if (saved) await master.saveChildren?.(tx, { id, payload });
          return saved;
        }),
      );
    },

    /** Answers with the record as it was, so the client can say what it removed. */
    async remove<
      T extends MasterTable,
      P extends Record<Names['payloadField'], string>,
      R,
      Names extends MasterNames,
    >({ master, caller, id }: MasterInput<T, P, R, Names> & { id: string }): Promise<R> {
      const ids = { partnerId: caller.partnerId, id };
      const record = await present(master, await findMasterRow(db, master, ids));
      if (!(await deleteMasterRow(db, master, ids))) throw notFound(master.contract.names.label);
      return record;
    },

    async productsOfTemplate({
      caller,
      templateId,
    }: {
      caller: Caller;
      templateId: string;
    }): Promise<Product[]> {
      const template = await findMasterRow(db, productTemplateMaster, {
        partnerId: caller.partnerId,
        id: templateId,
      });
      if (!template) throw notFound(productTemplateMaster.contract.names.label);
      return (await medicinesOfTemplates(db, [templateId])).get(templateId) ?? [];
    },

    dentalTreatmentTypes() {
      return listDentalTreatmentTypes(db);
    },
  };
}

export type MastersService = ReturnType<typeof createMastersService>;
