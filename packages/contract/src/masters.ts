import { z } from 'zod';
import { type Endpoint, endpoint } from './endpoint';
import { dataEnvelope, listEnvelope } from './envelope';
import { rupees } from './money';
import { masterNameMaxLength } from './name-lengths';
import { requiredText, text } from './text';

const atSentenceStart = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/**
 * The masters' sentences that the server and the forms share (spec §5, §8), defined
 * once; what only the screens say is in master-screens.ts.
 */
export const masterMessages = {
  requiredFields: 'Please fill in all required fields',
  medicineNameRequired: 'Medicine Name is required',
  treatmentNameRequired: 'Please fill in the treatment name',
  invalidTax: 'Tax must be a percentage between 0 and 100',
  invalidDays: 'Days must be a whole number from 0 to 3650',
  duplicateMedicine: 'A medicine can be added to a template only once',
  duplicateName: (names: Pick<MasterNames, 'oneRecord'>, name: string) =>
    `${atSentenceStart(names.oneRecord)} named ${name} already exists`,
  added: (thing: string) => `${thing} added successfully`,
  updated: (thing: string) => `${thing} updated successfully`,
  deleted: (thing: string) => `${thing} deleted successfully`,
} as const;

/** List query of every master: `query` (blank means all), `limit` 1..100 (default 10), `page` from 1. */
export const masterListQuery = z.object({
  query: text({ label: 'Search', max: 200 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).default(1),
});
export type MasterListQuery = z.infer<typeof masterListQuery>;

/** Where the forms read it, beside the schemas that use it. */
export { masterNameMaxLength };

/** The longest values of a medicine's other text fields; the medicine form uses them as its maxLength. */
export const productTextMaxLength = { composition: 500, dosageQty: 100, instructions: 500 } as const;

const requiredName = (label: string, requiredMessage: string) =>
  requiredText({ label: `${label} name`, max: masterNameMaxLength, requiredMessage });

/** Money and percentages arrive as numbers or as the text of a form field; blank means none. */
const fromFormText = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value),
    schema.nullable().optional(),
  );
/** A medicine's tax, in percent; the master forms check it with this very rule. */
export const taxPercentage = z
  .number({ error: masterMessages.invalidTax })
  .min(0, masterMessages.invalidTax)
  .max(100, masterMessages.invalidTax);
/** How many days a medicine is taken, on a medicine and on a prescription's line. */
export const medicineDays = z
  .number({ error: masterMessages.invalidDays })
  .int(masterMessages.invalidDays)
  .min(0, masterMessages.invalidDays)
  .max(3650, masterMessages.invalidDays);
/** A medicine's or treatment's price; each refusal names the field and the rule ("Price cannot be negative"). */
export const masterPrice = rupees({ label: 'Price' });
/** The Treatment Masters page's fees: a treatment there always has one, above zero ("Fees must be more than 0"). */
export const treatmentFees = rupees({ label: 'Fees', positive: true });
const optionalTaxPercentage = fromFormText(taxPercentage);
const optionalPrice = fromFormText(masterPrice);

/**
 * What distinguishes one master from another: its names on the wire. The four
 * simple masters are nothing more; medicines, treatments and templates add fields.
 */
export interface MasterNames<
  Name extends string = string,
  Payload extends string = string,
  IdQuery extends string = string,
> {
  /** The path word: add-<slug>, update-<slug>, delete-<slug>. */
  slug: string;
  /** The list path word: get-<plural>. */
  plural: string;
  /** How messages name one record: "Complaint added successfully". */
  label: string;
  /**
   * One record in the middle of a sentence, its article included ("an observation", "a
   * medicine template"): spelt out, as no rule of letters knows "an hour" from "a unit".
   */
  oneRecord: string;
  nameField: Name;
  payloadField: Payload;
  idQuery: IdQuery;
  nameRequired: string;
}

/**
 * One master's request and response schemas, built from its names and extra fields, and its
 * four calls under /masters (decision 039). A name another record of the clinic has answers
 * 409; an id that is not the clinic's 404, as does a record the payload names
 * (`namesOtherRecords`: a treatment's dental treatment type, a template's medicines).
 */
export function defineMasterContract<
  Name extends string,
  Payload extends string,
  IdQuery extends string,
  RecordExtra extends z.ZodRawShape = Record<never, never>,
  PayloadExtra extends z.ZodRawShape = Record<never, never>,
>(
  names: MasterNames<Name, Payload, IdQuery>,
  extra: { record?: RecordExtra; payload?: PayloadExtra; namesOtherRecords?: boolean } = {},
) {
  const record = z.object({
    id: z.uuid(),
    ...({ [names.nameField]: z.string() } as Record<Name, z.ZodString>),
    ...(extra.record as RecordExtra),
  });
  const addBody = z.object({
    ...({ [names.payloadField]: requiredName(names.label, names.nameRequired) } as Record<
      Payload,
      ReturnType<typeof requiredName>
    >),
    ...(extra.payload as PayloadExtra),
  });
  const updateBody = addBody.extend({ id: z.uuid() });
  const deleteQuery = z.object({ [names.idQuery]: z.uuid() } as Record<IdQuery, z.ZodUUID>);
  const listResponse = listEnvelope(record);
  const savedResponse = dataEnvelope(record);
  const tags = ['masters'];
  return {
    names,
    record,
    addBody,
    deleteQuery,
    endpoints: {
      list: endpoint({
        method: 'GET',
        path: `/masters/get-${names.plural}`,
        summary: `The ${names.plural} matching a name, a page at a time`,
        tags,
        access: 'signed-in',
        query: masterListQuery,
        response: listResponse,
      }),
      add: endpoint({
        method: 'POST',
        path: `/masters/add-${names.slug}`,
        summary: `Adds a ${names.slug}`,
        tags,
        access: 'signed-in',
        permission: 'masters',
        body: addBody,
        response: savedResponse,
        status: 201,
        refusals: extra.namesOtherRecords ? [404, 409] : [409],
      }),
      update: endpoint({
        method: 'PUT',
        path: `/masters/update-${names.slug}`,
        summary: `Renames or edits a ${names.slug}`,
        tags,
        access: 'signed-in',
        permission: 'masters',
        body: updateBody,
        response: savedResponse,
        refusals: [404, 409],
      }),
      remove: endpoint({
        method: 'DELETE',
        path: `/masters/delete-${names.slug}`,
        summary: `Deletes a ${names.slug}; past prescriptions and bills keep their own copy`,
        tags,
        access: 'signed-in',
        permission: 'masters',
        query: deleteQuery,
        response: savedResponse,
        refusals: [404],
      }),
    },
  };
}

export const complaintContract = defineMasterContract({
  slug: 'complaint',
  plural: 'complaints',
  label: 'Complaint',
  oneRecord: 'a complaint',
  nameField: 'complaint_name',
  payloadField: 'complaintName',
  idQuery: 'complaint_id',
  nameRequired: masterMessages.requiredFields,
});

export const diagnosisContract = defineMasterContract({
  slug: 'diagnosis',
  plural: 'diagnoses',
  label: 'Diagnosis',
  oneRecord: 'a diagnosis',
  nameField: 'diagnosis_name',
  payloadField: 'diagnosisName',
  idQuery: 'diagnosis_id',
  nameRequired: masterMessages.requiredFields,
});

export const investigationContract = defineMasterContract({
  slug: 'investigation',
  plural: 'investigations',
  label: 'Investigation',
  oneRecord: 'an investigation',
  nameField: 'investigation_name',
  payloadField: 'investigationName',
  idQuery: 'investigation_id',
  nameRequired: masterMessages.requiredFields,
});

export const observationContract = defineMasterContract({
  slug: 'observation',
  plural: 'observations',
  label: 'Observation',
  oneRecord: 'an observation',
  nameField: 'observation_name',
  payloadField: 'observationName',
  idQuery: 'observation_id',
  nameRequired: masterMessages.requiredFields,
});

const dosageFlags = {
  is_morning: z.boolean(),
  is_afternoon: z.boolean(),
  is_evening: z.boolean(),
  is_sos: z.boolean(),
};

export const productContract = defineMasterContract(
  {
    slug: 'product',
    plural: 'products',
    label: 'Medicine',
    oneRecord: 'a medicine',
    nameField: 'product_name',
    payloadField: 'productName',
    idQuery: 'product_id',
    nameRequired: masterMessages.medicineNameRequired,
  },
  {
    record: {
      price: z.number().nullable(),
      tax_percentage: z.number().nullable(),
      composition: z.string(),
      dosage_qty: z.string(),
      instructions: z.string(),
      days: z.number().int().nullable(),
      ...dosageFlags,
    },
    payload: {
      price: optionalPrice,
      tax_percentage: optionalTaxPercentage,
      composition: text({ label: 'Composition', max: productTextMaxLength.composition }).optional(),
      dosageQty: text({ label: 'Dosage', max: productTextMaxLength.dosageQty }).optional(),
      instructions: text({
        label: 'Instructions',
        max: productTextMaxLength.instructions,
        multiline: true,
      }).optional(),
      days: z.preprocess(
        (value) => (value === '' ? null : typeof value === 'string' ? Number(value) : value),
        medicineDays.nullable().optional(),
      ),
      is_morning: z.boolean().optional(),
      is_afternoon: z.boolean().optional(),
      is_evening: z.boolean().optional(),
      is_sos: z.boolean().optional(),
    },
  },
);
export type Product = z.infer<typeof productContract.record>;

export const treatmentTypes = ['SERVICE', 'PRODUCT'] as const;
export const treatmentTypeSchema = z.enum(treatmentTypes);

export const treatmentContract = defineMasterContract(
  {
    slug: 'treatment',
    plural: 'treatments',
    label: 'Treatment',
    oneRecord: 'a treatment',
    nameField: 'treatment_name',
    payloadField: 'treatmentName',
    idQuery: 'treatment_id',
    nameRequired: masterMessages.treatmentNameRequired,
  },
  {
    record: {
      price: z.number().nullable(),
      type: treatmentTypeSchema,
      dental_treatment_id: z.number().int().nullable(),
      has_chart: z.boolean(),
    },
    payload: {
      price: optionalPrice,
      // The list dialog offers "service" and "product"; the treatment-masters page sends SERVICE.
      type: z.preprocess(
        (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
        treatmentTypeSchema.default('SERVICE'),
      ),
      // An integer column: a larger id cannot exist, and PostgreSQL would refuse to compare it.
      dentalTreatmentId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    },
    namesOtherRecords: true,
  },
);

export const productTemplateContract = defineMasterContract(
  {
    slug: 'product-template',
    plural: 'product-templates',
    label: 'Template',
    oneRecord: 'a medicine template',
    nameField: 'template_name',
    payloadField: 'templateName',
    idQuery: 'template_id',
    nameRequired: masterMessages.requiredFields,
  },
  {
    record: { medicines: z.array(productContract.record) },
    payload: {
      productIds: z
        .array(z.uuid(), { error: masterMessages.requiredFields })
        .min(1, masterMessages.requiredFields)
        .max(100)
        .refine((ids) => new Set(ids).size === ids.length, masterMessages.duplicateMedicine),
    },
    namesOtherRecords: true,
  },
);

export const productsOfTemplateQuery = productTemplateContract.deleteQuery;
export const productsOfTemplateResponse = dataEnvelope(z.array(productContract.record));

/** The shared dental procedures (spec §3 "Dental treatment type"); a short fixed list, so not paged. */
export const dentalTreatmentTypeSchema = z.object({ id: z.number().int(), treatment_name: z.string() });
export const dentalTreatmentTypesResponse = dataEnvelope(z.array(dentalTreatmentTypeSchema));

/** The masters in the order the Prescription Masters screen shows them. */
const masterContracts = [
  complaintContract,
  observationContract,
  investigationContract,
  productContract,
  productTemplateContract,
  treatmentContract,
  diagnosisContract,
] as const;

/**
 * The masters' calls (decision 039): the two lookups of the masters screens, and each master's
 * four (its contract's `endpoints`) under `<plural>.<call>`, so the walk of all endpoints sees them.
 */
export const masterEndpoints = {
  ...(Object.fromEntries(
    masterContracts.flatMap(({ names, endpoints }) =>
      Object.entries(endpoints).map(([call, definition]) => [`${names.plural}.${call}`, definition]),
    ),
  ) as Record<string, Endpoint>),
  productsOfTemplate: endpoint({
    method: 'GET',
    path: '/masters/get-products-of-template',
    summary: 'The medicines of a template, in their order',
    tags: ['masters'],
    access: 'signed-in',
    query: productsOfTemplateQuery,
    response: productsOfTemplateResponse,
    refusals: [404],
  }),
  dentalTreatmentTypes: endpoint({
    method: 'GET',
    path: '/masters/get-dental-treatment-types',
    summary: 'The dental procedures a treatment can chart',
    tags: ['masters'],
    access: 'signed-in',
    response: dentalTreatmentTypesResponse,
  }),
};
