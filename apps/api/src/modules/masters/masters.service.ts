import { type MasterListQuery, masterMessages } from '@vaidya/contract/masters';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { dentalTreatmentTypes } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { type MasterDefinition, medicinesOfTemplates, productTemplateMaster } from './master-definitions';
import { deleteRow, findRow, insertRow, listRows, updateRow } from './masters.repository';

interface MasterOptions {
  db: Db;
  master: MasterDefinition;
  partnerId: string;
}

type Payload = Record<string, unknown>;

export async function listMasters(options: MasterOptions & { query: MasterListQuery }) {
  const { db, master, partnerId, query } = options;
  const { rows, total } = await listRows(db, master, { partnerId, ...query });
  return {
    results: await master.toRecords(db, rows),
    pagination: { total, page: query.page, limit: query.limit },
  };
}

export async function addMaster(options: MasterOptions & { payload: Payload }) {
  const { db, master, partnerId, payload } = options;
  const row = await saving(master, payload, () =>
    db.transaction(async (tx) => {
      await master.check?.(tx, partnerId, payload);
      const saved = await insertRow(tx, master, { partner_id: partnerId, ...columnsOf(master, payload) });
      await master.saveChildren?.(tx, saved.id as string, payload);
      return saved;
    }),
  );
  return presentOne(db, master, row);
}

export async function updateMaster(options: MasterOptions & { payload: Payload & { id: string } }) {
  const { db, master, partnerId, payload } = options;
  const row = await saving(master, payload, () =>
    db.transaction(async (tx) => {
      await master.check?.(tx, partnerId, payload);
      const saved = await updateRow(tx, master, partnerId, payload.id, columnsOf(master, payload));
      if (!saved) throw notFound(master.contract.names.label);
      await master.saveChildren?.(tx, payload.id, payload);
      return saved;
    }),
  );
  return presentOne(db, master, row);
}

/** Answers with the record as it was, so the client can say what it removed. */
export async function deleteMaster(options: MasterOptions & { id: string }) {
  const { db, master, partnerId, id } = options;
  const record = await findMaster({ db, master, partnerId, id });
  if (!(await deleteRow(db, master, partnerId, id))) throw notFound(master.contract.names.label);
  return record;
}

async function findMaster(options: MasterOptions & { id: string }) {
  const { db, master, partnerId, id } = options;
  const row = await findRow(db, master, partnerId, id);
  if (!row) throw notFound(master.contract.names.label);
  return presentOne(db, master, row);
}

export async function productsOfTemplate(options: { db: Db; partnerId: string; templateId: string }) {
  const { db, partnerId, templateId } = options;
  if (!(await findRow(db, productTemplateMaster, partnerId, templateId))) throw notFound('Template');
  return (await medicinesOfTemplates(db, [templateId])).get(templateId) ?? [];
}

export function listDentalTreatmentTypes(db: Db) {
  return db.select().from(dentalTreatmentTypes).orderBy(asc(dentalTreatmentTypes.id));
}

function columnsOf(master: MasterDefinition, payload: Payload) {
  return { [master.name.name]: payloadName(master, payload), ...master.values?.(payload) };
}

const payloadName = (master: MasterDefinition, payload: Payload) =>
  payload[master.contract.names.payloadField] as string;

async function presentOne(db: Db, master: MasterDefinition, row: Record<string, unknown>) {
  const [record] = await master.toRecords(db, [row]);
  return record;
}

/** The per-partner unique name index is the one arbiter of duplicates, also under concurrent saves. */
async function saving<T>(master: MasterDefinition, payload: Payload, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        'CONFLICT',
        masterMessages.duplicateName(master.contract.names.label, payloadName(master, payload)),
      );
    }
    throw error;
  }
}
