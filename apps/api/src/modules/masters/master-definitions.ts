import type { Endpoint } from '@vaidya/contract/endpoint';
import type { Pagination } from '@vaidya/contract/envelope';
import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  type MasterNames,
  type masterListQuery,
  observationContract,
  type Product,
  productContract,
  productTemplateContract,
  treatmentContract,
} from '@vaidya/contract/masters';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import {
  complaints,
  diagnoses,
  investigations,
  observations,
  products,
  productTemplates,
  treatments,
} from '../../db/schema';
import { notFound } from '../../http/app-error';
import {
  countOwnProducts,
  dentalTreatmentTypeExists,
  listTemplateMedicines,
  type MasterRow,
  type MasterTable,
  type MasterValues,
  type ProductRow,
  replaceTemplateMedicines,
} from './masters.repository';

export type { MasterTable };

type ListResponse<R> = z.ZodType<{ data: { results: R[]; pagination: Pagination } }>;
type SavedResponse<R> = z.ZodType<{ data: R; message?: string }>;

/**
 * What the mechanism needs from a master's contract (every `defineMasterContract`
 * result fits): `P` is a valid add payload, `R` a record, `Names` the wire names.
 */
export interface MasterContract<
  P extends Record<Names['payloadField'], string>,
  R,
  Names extends MasterNames,
> {
  names: Names;
  endpoints: {
    list: Endpoint<undefined, typeof masterListQuery, undefined, ListResponse<R>>;
    add: Endpoint<z.ZodType<P>, undefined, undefined, SavedResponse<R>>;
    update: Endpoint<z.ZodType<P & { id: string }>, undefined, undefined, SavedResponse<R>>;
    remove: Endpoint<undefined, z.ZodType<Record<Names['idQuery'], string>>, undefined, SavedResponse<R>>;
  };
}

/**
 * One master for the shared mechanism: its contract, its table, and how a
 * payload becomes columns and rows become records. The table alone decides `T`
 * and the contract alone `P`, `R` and `Names` (hence `NoInfer`), so a column or
 * field the table or contract lacks is a type error, not a wider type. Medicines, treatments and
 * templates add a reference check and child rows through the optional hooks.
 */
export interface MasterDefinition<
  T extends MasterTable,
  P extends Record<Names['payloadField'], string>,
  R,
  Names extends MasterNames,
> {
  contract: MasterContract<P, R, Names>;
  table: T;
  /** The column records are named, searched and sorted by; one of `table`'s. */
  name: NoInfer<T['_']['columns'][keyof T['_']['columns']]>;
  /** Other columns of `table` a search matches besides the name, such as a medicine's composition. */
  alsoSearched?: readonly NoInfer<T['_']['columns'][keyof T['_']['columns']]>[];
  /** The stored columns of a valid payload, name included. */
  values(payload: P): MasterValues<NoInfer<T>>;
  /** Stored rows to records, in order. */
  toRecords(db: Db, rows: MasterRow<NoInfer<T>>[]): Promise<NoInfer<R>[]>;
  /** Refuses references the partner may not use; runs inside the saving transaction. */
  check?(tx: Db, input: { partnerId: string; payload: P }): Promise<void>;
  /** Writes rows that hang off the saved one (a template's medicines), in the same transaction. */
  saveChildren?(tx: Db, input: { id: string; payload: P }): Promise<void>;
}

/**
 * A column the table lacks is an error: a returned object may carry extra keys,
 * which Drizzle would silently drop, so those keys must have the type `never`.
 */
type OnlyColumnsOf<T extends MasterTable, V> = V & Record<Exclude<keyof V, keyof MasterValues<T>>, never>;

/** Type-checks one definition against its table and its contract. */
export function defineMaster<
  T extends MasterTable,
  P extends Record<Names['payloadField'], string>,
  R,
  Names extends MasterNames,
  V extends MasterValues<NoInfer<T>>,
>(
  definition: Omit<MasterDefinition<T, P, R, Names>, 'values'> & {
    values(payload: P): OnlyColumnsOf<NoInfer<T>, V>;
  },
): MasterDefinition<T, P, R, Names> {
  return definition;
}

/** Records made one row at a time, without looking anything else up. */
const eachRow =
  <Row, R>(toRecord: (row: Row) => R) =>
  async (_db: Db, rows: Row[]) =>
    rows.map(toRecord);

const money = (value: string | null) => (value === null ? null : Number(value));
const moneyText = (value: number | null | undefined) => (value == null ? null : value.toFixed(2));

/** A name-only master's record: its id, and its name under the contract's name field. */
type NameOnlyRecord<Name extends string> = { id: string } & Record<Name, string>;

/**
 * A master that is a name and nothing more (complaints, diagnoses, investigations,
 * observations). Its contract's names say which payload field fills which column, and
 * the table must have a column of that name, so the pair cannot drift apart. The record
 * and column are keyed by a type parameter, which an object literal cannot say by
 * itself: the types of the name's column, values and record are written out here.
 */
export function nameOnlyMaster<
  Name extends string,
  Payload extends string,
  IdQuery extends string,
  T extends MasterTable & Record<Name, PgColumn>,
>(
  contract: MasterContract<
    Record<Payload, string>,
    NameOnlyRecord<Name>,
    MasterNames<Name, Payload, IdQuery>
  >,
  table: T,
): MasterDefinition<T, Record<Payload, string>, NameOnlyRecord<Name>, MasterNames<Name, Payload, IdQuery>> {
  const { nameField, payloadField } = contract.names;
  return {
    contract,
    table,
    name: table[nameField] as T['_']['columns'][keyof T['_']['columns']],
    values: (payload) => ({ [nameField]: payload[payloadField] }) as MasterValues<T>,
    toRecords: eachRow((row) => ({ id: row.id, [nameField]: row[nameField] }) as NameOnlyRecord<Name>),
  };
}

export const complaintMaster = nameOnlyMaster(complaintContract, complaints);
export const diagnosisMaster = nameOnlyMaster(diagnosisContract, diagnoses);
export const investigationMaster = nameOnlyMaster(investigationContract, investigations);
export const observationMaster = nameOnlyMaster(observationContract, observations);

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  product_name: row.product_name,
  price: money(row.price),
  tax_percentage: money(row.tax_percentage),
  composition: row.composition,
  dosage_qty: row.dosage_qty,
  instructions: row.instructions,
  days: row.days,
  is_morning: row.is_morning,
  is_afternoon: row.is_afternoon,
  is_evening: row.is_evening,
  is_sos: row.is_sos,
});

export const productMaster = defineMaster({
  contract: productContract,
  table: products,
  name: products.product_name,
  // "gluconate" finds Chlorhexidine Mouthwash by what it contains.
  alsoSearched: [products.composition],
  values: (payload) => ({
    product_name: payload.productName,
    price: moneyText(payload.price),
    tax_percentage: moneyText(payload.tax_percentage),
    composition: payload.composition ?? '',
    dosage_qty: payload.dosageQty ?? '',
    instructions: payload.instructions ?? '',
    days: payload.days ?? null,
    is_morning: payload.is_morning ?? false,
    is_afternoon: payload.is_afternoon ?? false,
    is_evening: payload.is_evening ?? false,
    is_sos: payload.is_sos ?? false,
  }),
  toRecords: eachRow(toProduct),
});

export const treatmentMaster = defineMaster({
  contract: treatmentContract,
  table: treatments,
  name: treatments.treatment_name,
  values: (payload) => ({
    treatment_name: payload.treatmentName,
    price: moneyText(payload.price),
    type: payload.type,
    dental_treatment_id: payload.dentalTreatmentId ?? null,
  }),
  check: async (tx, { payload }) => {
    if (payload.dentalTreatmentId == null) return;
    if (!(await dentalTreatmentTypeExists(tx, payload.dentalTreatmentId)))
      throw notFound('Dental treatment type');
  },
  toRecords: eachRow((row) => ({
    id: row.id,
    treatment_name: row.treatment_name,
    price: money(row.price),
    type: row.type,
    dental_treatment_id: row.dental_treatment_id,
    has_chart: row.dental_treatment_id !== null,
  })),
});

/** The medicines of each template as records, in the order they were picked. */
export async function medicinesOfTemplates(db: Db, templateIds: string[]): Promise<Map<string, Product[]>> {
  const rows = await listTemplateMedicines(db, templateIds);
  return new Map([...rows].map(([templateId, medicines]) => [templateId, medicines.map(toProduct)]));
}

export const productTemplateMaster = defineMaster({
  contract: productTemplateContract,
  table: productTemplates,
  name: productTemplates.template_name,
  values: (payload) => ({ template_name: payload.templateName }),
  check: async (tx, { partnerId, payload }) => {
    const own = await countOwnProducts(tx, { partnerId, productIds: payload.productIds });
    if (own !== payload.productIds.length) throw notFound('Medicine');
  },
  saveChildren: (tx, { id, payload }) => replaceTemplateMedicines(tx, { id, productIds: payload.productIds }),
  toRecords: async (db, rows) => {
    const medicines = await medicinesOfTemplates(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      template_name: row.template_name,
      medicines: medicines.get(row.id) ?? [],
    }));
  },
});
