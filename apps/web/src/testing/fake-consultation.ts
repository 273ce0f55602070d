import {
  type ConsultationForm,
  type ConsultationFormPayload,
  consultationFormMessages,
  type PrescriptionSummary,
} from '@vaidya/contract/consultation-forms';
import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  observationContract,
  type Product,
  productContract,
  productTemplateContract,
  treatmentContract,
} from '@vaidya/contract/masters';
import { fakeMaster, uuid } from './fake-masters';
import { answer, type Handler, kothrud } from './fake-server';

export const medicine = (n: number, name: string, extra: Partial<Product> = {}): Product => ({
  id: uuid(n),
  product_name: name,
  price: null,
  tax_percentage: null,
  composition: '',
  dosage_qty: '',
  instructions: '',
  days: null,
  is_morning: false,
  is_afternoon: false,
  is_evening: false,
  is_sos: false,
  ...extra,
});

export const amoxicillin = medicine(301, 'Amoxicillin 500', {
  composition: 'Amoxicillin 500 mg',
  dosage_qty: '1 capsule',
  is_morning: true,
  is_evening: true,
  days: 5,
  instructions: 'After meal',
});
export const paracetamol = medicine(302, 'Paracetamol 650', {
  composition: 'Paracetamol 650 mg',
  dosage_qty: '1 tablet',
  is_sos: true,
  days: 3,
});
export const chlorhexidine = medicine(303, 'Chlorhexidine Mouthwash', {
  composition: 'Chlorhexidine gluconate 0.2% w/v',
  dosage_qty: '10 ml',
  is_morning: true,
  is_evening: true,
  days: 7,
  instructions: 'Rinse for 30 seconds',
});

export const afterExtraction = {
  id: uuid(401),
  template_name: 'After extraction',
  medicines: [amoxicillin, paracetamol],
};

export const toothache = { id: uuid(201), complaint_name: 'Toothache' };
export const pulpitis = { id: uuid(221), diagnosis_name: 'Irreversible pulpitis' };
export const rootCanal = {
  id: uuid(241),
  treatment_name: 'Root canal treatment',
  price: 4000,
  type: 'SERVICE',
  dental_treatment_id: null,
  has_chart: true,
};

/** The clinic's masters the pickers search. */
const masterRows = {
  complaints: [toothache, { id: uuid(202), complaint_name: 'Bleeding gums' }],
  observations: [{ id: uuid(211), observation_name: 'Deep caries' }],
  diagnoses: [pulpitis],
  investigations: [{ id: uuid(231), investigation_name: 'IOPA X-ray' }],
  treatments: [
    rootCanal,
    {
      id: uuid(242),
      treatment_name: 'Scaling',
      price: 1200,
      type: 'SERVICE',
      dental_treatment_id: null,
      has_chart: false,
    },
  ],
};

/** Each item of a saved form names its master entry; a typed one gets a new id, as the server adds it. */
function formOf(
  id: string,
  payload: ConsultationFormPayload,
  version: number,
  nextId: () => string,
): ConsultationForm {
  const withId = <T extends { id?: string }>(item: T) => ({ ...item, id: item.id ?? nextId() });
  return {
    id,
    slot_id: payload.slotId ?? null,
    location_id: payload.locationId ?? kothrud.id,
    // The fake registry's patient of the form's name: stable for a name, as the API's is.
    patient_id: uuid(7000 + [...payload.customerName].reduce((sum, char) => sum + char.charCodeAt(0), 0)),
    customer_name: payload.customerName,
    customer_age: payload.customerAge ?? null,
    customer_gender: payload.customerGender ?? null,
    customer_mobile: payload.customerMobile,
    prescribed_date: '2026-11-23',
    updated_at: '2026-11-23T05:30:00.000Z',
    version,
    author: null,
    metrics: payload.metrics.map((metric) => ({ ...metric, id: nextId() })),
    complaints: payload.complaints.map(withId),
    observations: payload.observations.map(withId),
    diagnoses: payload.diagnoses.map(withId),
    investigations: payload.investigations.map(withId),
    treatments: payload.treatments.map((treatment) => ({
      ...withId(treatment),
      tooth_number: treatment.tooth_number ?? null,
      operations: treatment.operations.map(withId),
    })),
    products: payload.products.map(withId),
  };
}

const notFound = () =>
  Response.json({ message: 'Prescription not found', code: 'NOT_FOUND' }, { status: 404 });

/**
 * The consultation-form calls and the masters they pick from, over forms kept in memory
 * and answered as the server answers them: one form per booking (409 on a second), the
 * patient's earlier prescriptions by mobile, newest first.
 */
export function fakeConsultation({
  forms = [],
  earlier = [],
  templates = [afterExtraction],
  products = [amoxicillin, paracetamol, chlorhexidine],
}: {
  forms?: ConsultationForm[];
  earlier?: PrescriptionSummary[];
  templates?: (typeof afterExtraction)[];
  products?: Product[];
} = {}): Record<string, Handler> {
  let rows = [...forms];
  let next = 900;
  const nextId = () => uuid(next++);
  return {
    ...fakeMaster(complaintContract.names, masterRows.complaints),
    ...fakeMaster(observationContract.names, masterRows.observations),
    ...fakeMaster(diagnosisContract.names, masterRows.diagnoses),
    ...fakeMaster(investigationContract.names, masterRows.investigations),
    ...fakeMaster(treatmentContract.names, masterRows.treatments),
    ...fakeMaster(productContract.names, products),
    ...fakeMaster(productTemplateContract.names, templates),
    'GET /api/masters/get-products-of-template': ({ url }) => {
      const template = templates.find((candidate) => candidate.id === url.searchParams.get('template_id'));
      return Response.json({ data: template?.medicines ?? [] });
    },
    'GET /api/consultation-form/get-by-slot-id': ({ url }) =>
      Response.json({ data: rows.find((form) => form.slot_id === url.searchParams.get('slot_id')) ?? null }),
    'GET /api/consultation-form/get-by-id': ({ url }) => {
      const form = rows.find((candidate) => candidate.id === url.searchParams.get('id'));
      return form ? Response.json({ data: form }) : notFound();
    },
    'GET /api/consultation-form/get-patient-prescriptions': answer({ data: earlier }),
    'POST /api/consultation-form/add-consultation-form': ({ body }) => {
      const payload = body as ConsultationFormPayload;
      if (payload.slotId && rows.some((form) => form.slot_id === payload.slotId)) {
        return Response.json(
          { message: consultationFormMessages.slotHasForm, code: 'CONFLICT' },
          { status: 409 },
        );
      }
      const form = formOf(nextId(), payload, 1, nextId);
      rows = [...rows, form];
      return Response.json({ data: form, message: consultationFormMessages.added }, { status: 201 });
    },
    'PUT /api/consultation-form/update-consultation-form': ({ body }) => {
      const payload = body as ConsultationFormPayload & { id: string };
      const found = rows.find((form) => form.id === payload.id);
      if (!found) return notFound();
      const form = formOf(found.id, payload, found.version + 1, nextId);
      rows = rows.map((candidate) => (candidate.id === form.id ? form : candidate));
      return Response.json({ data: form, message: consultationFormMessages.updated });
    },
  };
}
