import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  type MasterNames,
  observationContract,
  type Product,
  productContract,
  productTemplateContract,
  treatmentContract,
} from '@vaidya/contract/masters';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import {
  complaints,
  dentalTreatmentTypes,
  diagnoses,
  investigations,
  observations,
  products,
  productTemplateItems,
  productTemplates,
  treatments,
} from '../../db/schema';
import { notFound } from '../../http/app-error';
import { findOwnIds } from './masters.repository';

/** What the mechanism needs from a master's contract (see defineMasterContract). */
export interface MasterContract {
  names: MasterNames;
  record: z.ZodType;
  addBody: z.ZodObject;
  updateBody: z.ZodObject;
  deleteQuery: z.ZodObject;
  listResponse: z.ZodType;
  savedResponse: z.ZodType;
}

export type StoredRow = Record<string, unknown>;

/**
 * One master for the shared mechanism: its contract, its table, and the few
 * places where medicines, treatments and templates differ from a plain name.
 */
export interface MasterDefinition<C extends MasterContract = MasterContract> {
  contract: C;
  table: PgTable;
  id: AnyPgColumn;
  partnerId: AnyPgColumn;
  name: AnyPgColumn;
  /** The stored columns a record is made from, under their record names. */
  columns: Record<string, AnyPgColumn>;
  /** Columns besides partner and name, from a valid payload. */
  values?(input: z.infer<C['addBody']>): StoredRow;
  /** Refuses references the partner may not use; runs inside the saving transaction. */
  check?(tx: Db, partnerId: string, input: z.infer<C['addBody']>): Promise<void>;
  /** Writes rows that hang off the saved one (a template's medicines), in the same transaction. */
  saveChildren?(tx: Db, id: string, input: z.infer<C['addBody']>): Promise<void>;
  /** Stored rows to records, in order. */
  toRecords(db: Db, rows: StoredRow[]): Promise<z.infer<C['record']>[]>;
}

/** Type-checks one definition against its own contract, then hands it to the mechanism. */
function defineMaster<C extends MasterContract>(definition: MasterDefinition<C>): MasterDefinition {
  return definition as unknown as MasterDefinition;
}

/** The stored columns already are the record (the simple masters). */
const asIs = async <T>(_db: Db, rows: StoredRow[]) => rows as T[];
const money = (value: unknown) => (value === null ? null : Number(value));
const moneyText = (value: number | null | undefined) => (value == null ? null : value.toFixed(2));

export const complaintMaster = defineMaster({
  contract: complaintContract,
  table: complaints,
  id: complaints.id,
  partnerId: complaints.partner_id,
  name: complaints.complaint_name,
  columns: { id: complaints.id, complaint_name: complaints.complaint_name },
  toRecords: asIs,
});

export const diagnosisMaster = defineMaster({
  contract: diagnosisContract,
  table: diagnoses,
  id: diagnoses.id,
  partnerId: diagnoses.partner_id,
  name: diagnoses.diagnosis_name,
  columns: { id: diagnoses.id, diagnosis_name: diagnoses.diagnosis_name },
  toRecords: asIs,
});

export const investigationMaster = defineMaster({
  contract: investigationContract,
  table: investigations,
  id: investigations.id,
  partnerId: investigations.partner_id,
  name: investigations.investigation_name,
  columns: { id: investigations.id, investigation_name: investigations.investigation_name },
  toRecords: asIs,
});

export const observationMaster = defineMaster({
  contract: observationContract,
  table: observations,
  id: observations.id,
  partnerId: observations.partner_id,
  name: observations.observation_name,
  columns: { id: observations.id, observation_name: observations.observation_name },
  toRecords: asIs,
});

const productColumns = {
  id: products.id,
  product_name: products.product_name,
  price: products.price,
  tax_percentage: products.tax_percentage,
  composition: products.composition,
  dosage_qty: products.dosage_qty,
  instructions: products.instructions,
  days: products.days,
  is_morning: products.is_morning,
  is_afternoon: products.is_afternoon,
  is_evening: products.is_evening,
  is_sos: products.is_sos,
};

const toProduct = (row: StoredRow): Product =>
  ({ ...row, price: money(row.price), tax_percentage: money(row.tax_percentage) }) as Product;

export const productMaster = defineMaster({
  contract: productContract,
  table: products,
  id: products.id,
  partnerId: products.partner_id,
  name: products.product_name,
  columns: productColumns,
  values: (input) => ({
    price: moneyText(input.price),
    tax_percentage: moneyText(input.tax_percentage),
    composition: input.composition ?? '',
    dosage_qty: input.dosageQty ?? '',
    instructions: input.instructions ?? '',
    days: input.days ?? null,
    is_morning: input.is_morning ?? false,
    is_afternoon: input.is_afternoon ?? false,
    is_evening: input.is_evening ?? false,
    is_sos: input.is_sos ?? false,
  }),
  toRecords: async (_db, rows) => rows.map(toProduct),
});

export const treatmentMaster = defineMaster({
  contract: treatmentContract,
  table: treatments,
  id: treatments.id,
  partnerId: treatments.partner_id,
  name: treatments.treatment_name,
  columns: {
    id: treatments.id,
    treatment_name: treatments.treatment_name,
    price: treatments.price,
    type: treatments.type,
    dental_treatment_id: treatments.dental_treatment_id,
  },
  values: (input) => ({
    price: moneyText(input.price),
    type: input.type,
    dental_treatment_id: input.dentalTreatmentId ?? null,
  }),
  check: async (tx, _partnerId, input) => {
    if (input.dentalTreatmentId == null) return;
    const [type] = await tx
      .select({ id: dentalTreatmentTypes.id })
      .from(dentalTreatmentTypes)
      .where(eq(dentalTreatmentTypes.id, input.dentalTreatmentId));
    if (!type) throw notFound('Dental treatment type');
  },
  toRecords: async (_db, rows) =>
    rows.map((row) => ({
      ...(row as { id: string; treatment_name: string; type: 'SERVICE' | 'PRODUCT' }),
      price: money(row.price),
      dental_treatment_id: (row.dental_treatment_id as number | null) ?? null,
      has_chart: row.dental_treatment_id != null,
    })),
});

/** The medicines of each template, in the order they were picked. */
export async function medicinesOfTemplates(db: Db, templateIds: string[]): Promise<Map<string, Product[]>> {
  const byTemplate = new Map<string, Product[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return byTemplate;
  const rows = await db
    .select({ template_id: productTemplateItems.template_id, ...productColumns })
    .from(productTemplateItems)
    .innerJoin(products, eq(products.id, productTemplateItems.product_id))
    .where(inArray(productTemplateItems.template_id, templateIds))
    .orderBy(asc(productTemplateItems.template_id), asc(productTemplateItems.position));
  for (const { template_id, ...product } of rows) byTemplate.get(template_id)?.push(toProduct(product));
  return byTemplate;
}

export const productTemplateMaster = defineMaster({
  contract: productTemplateContract,
  table: productTemplates,
  id: productTemplates.id,
  partnerId: productTemplates.partner_id,
  name: productTemplates.template_name,
  columns: { id: productTemplates.id, template_name: productTemplates.template_name },
  check: async (tx, partnerId, input) => {
    const own = await findOwnIds(tx, productMaster, partnerId, input.productIds);
    if (own.size !== input.productIds.length) throw notFound('Medicine');
  },
  saveChildren: async (tx, id, input) => {
    await tx.delete(productTemplateItems).where(eq(productTemplateItems.template_id, id));
    await tx
      .insert(productTemplateItems)
      .values(
        input.productIds.map((productId, position) => ({ template_id: id, product_id: productId, position })),
      );
  },
  toRecords: async (db, rows) => {
    const medicines = await medicinesOfTemplates(
      db,
      rows.map((row) => row.id as string),
    );
    return rows.map((row) => ({
      id: row.id as string,
      template_name: row.template_name as string,
      medicines: medicines.get(row.id as string) ?? [],
    }));
  },
});

/** Every master, in the order the Consultation Masters screen shows them. */
export const masterDefinitions: MasterDefinition[] = [
  complaintMaster,
  observationMaster,
  investigationMaster,
  productMaster,
  productTemplateMaster,
  treatmentMaster,
  diagnosisMaster,
];
