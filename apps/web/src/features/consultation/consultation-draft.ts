import type { PatientGender } from '@vaidya/contract/bookings';
import {
  type ConsultationForm,
  type ConsultationFormBody,
  consultationFormBody,
  metricTypes,
} from '@vaidya/contract/consultation-forms';
import type { Product } from '@vaidya/contract/masters';
import type { FieldErrors } from '../../components/documents/document-editor';
import { withDistinctKeys } from '../../lib/master-searches';

/**
 * The editor's working copy of a form: text as typed (age and days included, checked
 * only on saving), every row with a key of its own so a row keeps its place and focus
 * while its name is edited.
 */

/** An entry picked from a master (with its id) or typed on the spot (without). */
export interface PickedItem {
  key: string;
  id?: string;
  name: string;
}

export interface TreatmentRow extends PickedItem {
  tooth_number: number | null;
  operations: string[];
}

export interface MedicineRow {
  key: string;
  id?: string;
  product_name: string;
  composition: string;
  dosage_qty: string;
  is_morning: boolean;
  is_afternoon: boolean;
  is_evening: boolean;
  is_sos: boolean;
  days: string;
  instructions: string;
}

export interface VitalRow {
  key: string;
  type: string;
  value: string;
}

export type PickedList = 'complaints' | 'observations' | 'diagnoses' | 'investigations';

export interface Draft {
  customerName: string;
  customerMobile: string;
  customerAge: string;
  customerGender: PatientGender | '';
  metrics: VitalRow[];
  complaints: PickedItem[];
  observations: PickedItem[];
  diagnoses: PickedItem[];
  investigations: PickedItem[];
  treatments: TreatmentRow[];
  products: MedicineRow[];
}

/** Who the booking is for, as the bookings screen hands it over. */
export interface PatientPrefill {
  name: string;
  mobile: string;
  age: number | null;
  gender: PatientGender | null;
}

let lastKey = 0;
/** A key for a row that has no master id (a vital, a typed name): unique for the page's life. */
export const newRowKey = () => {
  lastKey += 1;
  return `row-${lastKey}`;
};

export const pickedFromMaster = (id: string, name: string): PickedItem => ({ key: id, id, name });
export const typedItem = (name: string): PickedItem => ({ key: newRowKey(), name });

export const emptyMedicine = (name: string): MedicineRow => ({
  key: newRowKey(),
  product_name: name,
  composition: '',
  dosage_qty: '',
  is_morning: false,
  is_afternoon: false,
  is_evening: false,
  is_sos: false,
  days: '',
  instructions: '',
});

/** A medicine of the master as a row of this prescription, prefilled with its usual dosage. */
export const medicineOfMaster = (product: Product): MedicineRow => ({
  key: product.id,
  id: product.id,
  product_name: product.product_name,
  composition: product.composition,
  dosage_qty: product.dosage_qty,
  is_morning: product.is_morning,
  is_afternoon: product.is_afternoon,
  is_evening: product.is_evening,
  is_sos: product.is_sos,
  days: product.days === null ? '' : String(product.days),
  instructions: product.instructions,
});

/** The vitals the editor offers as ready rows, after those already written. */
function withOfferedVitals(metrics: VitalRow[]): VitalRow[] {
  const written = new Set(metrics.map((metric) => metric.type.toLowerCase()));
  const offered = metricTypes
    .filter((type) => !written.has(type.toLowerCase()))
    .map((type) => ({ key: newRowKey(), type, value: '' }));
  return [...metrics, ...offered];
}

export function emptyDraft(patient: PatientPrefill | null): Draft {
  return {
    customerName: patient?.name ?? '',
    customerMobile: patient?.mobile ?? '',
    customerAge: patient?.age == null ? '' : String(patient.age),
    customerGender: patient?.gender ?? '',
    metrics: withOfferedVitals([]),
    complaints: [],
    observations: [],
    diagnoses: [],
    investigations: [],
    treatments: [],
    products: [],
  };
}

/** A saved form's items carry the ids of the master entries they were written from. */
export function draftOfForm(form: ConsultationForm): Draft {
  const picked = (id: string, name: string) => pickedFromMaster(id, name);
  return {
    customerName: form.customer_name,
    customerMobile: form.customer_mobile,
    customerAge: form.customer_age === null ? '' : String(form.customer_age),
    customerGender: form.customer_gender ?? '',
    metrics: withOfferedVitals(form.metrics.map(({ type, value }) => ({ key: newRowKey(), type, value }))),
    complaints: form.complaints.map((item) => picked(item.id, item.complaint_name)),
    observations: form.observations.map((item) => picked(item.id, item.observation_name)),
    diagnoses: form.diagnoses.map((item) => picked(item.id, item.diagnosis_name)),
    investigations: form.investigations.map((item) => picked(item.id, item.investigation_name)),
    // A dentist's form may hold one treatment on several teeth: the same master id twice.
    treatments: withDistinctKeys(
      form.treatments.map((item) => ({
        ...picked(item.id, item.treatment_name),
        tooth_number: item.tooth_number,
        operations: item.operations.map((operation) => operation.operation_name),
      })),
    ),
    products: form.products.map(({ days, ...product }) => ({
      ...product,
      key: product.id,
      days: days === null ? '' : String(days),
    })),
  };
}

/** Whole numbers as typed; anything else becomes NaN, which the contract refuses in its own words. */
const wholeNumberOrNull = (typed: string) => {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

const idOf = (item: { id?: string }) => (item.id ? { id: item.id } : {});

export function bodyOfDraft(
  draft: Draft,
  where: { slotId: string | null; locationId: string | null },
): ConsultationFormBody {
  return {
    slotId: where.slotId,
    locationId: where.locationId,
    customerName: draft.customerName,
    customerMobile: draft.customerMobile,
    customerAge: wholeNumberOrNull(draft.customerAge),
    customerGender: draft.customerGender === '' ? null : draft.customerGender,
    // An offered vital left empty was not taken.
    metrics: draft.metrics
      .filter((metric) => metric.value.trim() !== '')
      .map(({ type, value }) => ({ type, value })),
    complaints: draft.complaints.map((item) => ({ ...idOf(item), complaint_name: item.name })),
    observations: draft.observations.map((item) => ({ ...idOf(item), observation_name: item.name })),
    diagnoses: draft.diagnoses.map((item) => ({ ...idOf(item), diagnosis_name: item.name })),
    investigations: draft.investigations.map((item) => ({ ...idOf(item), investigation_name: item.name })),
    treatments: draft.treatments.map((item) => ({
      ...idOf(item),
      treatment_name: item.name,
      tooth_number: item.tooth_number,
      operations: item.operations.map((operation_name) => ({ operation_name })),
    })),
    products: draft.products.map(({ key: _key, days, ...product }) => ({
      ...product,
      ...idOf(product),
      days: wholeNumberOrNull(days),
    })),
  };
}

/** What each list's rows are called in front of a sentence about one of them. */
const rowName = (draft: Draft, list: string, index: number): string | undefined => {
  if (list === 'products') return draft.products[index]?.product_name;
  if (list === 'treatments') return draft.treatments[index]?.name;
  return undefined;
};

/**
 * The contract's own check, before anything is sent: each refusal keyed by its field
 * ("customerName", "products.2.days"), in the contract's words, which name the field; a
 * sentence about one medicine or treatment also names it.
 */
export function checkDraft(body: ConsultationFormBody, draft: Draft): FieldErrors | null {
  const checked = consultationFormBody.safeParse(body);
  if (checked.success) return null;
  const errors: FieldErrors = {};
  for (const issue of checked.error.issues) {
    const path = issue.path.join('.');
    const [list, index] = issue.path;
    const name = typeof list === 'string' && typeof index === 'number' ? rowName(draft, list, index) : '';
    errors[path] ??= name ? `${name}: ${issue.message}` : issue.message;
  }
  return errors;
}
