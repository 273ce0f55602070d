import type { ConsultationFormBody, UpdateConsultationFormBody } from '@vaidya/contract/consultation-forms';
import type { SignedInPartner } from '../../../test/partners';
import type { TestApp } from '../../../test/test-app';

/** A full visit as the editor sends it: every list, typed names only (no master ids). */
export const fullVisit = (
  changes: Partial<UpdateConsultationFormBody> = {},
): ConsultationFormBody & Partial<UpdateConsultationFormBody> => ({
  customerName: 'Asha Verma',
  customerAge: 34,
  customerGender: 'female',
  customerMobile: '98220 11001',
  metrics: [
    { type: 'BP', value: '120/80' },
    { type: 'Pulse', value: '72' },
  ],
  complaints: [{ complaint_name: 'Toothache' }, { complaint_name: 'Bleeding gums' }],
  observations: [{ observation_name: 'Deep caries' }],
  diagnoses: [{ diagnosis_name: 'Irreversible pulpitis' }],
  investigations: [{ investigation_name: 'IOPA X-ray' }],
  treatments: [
    {
      treatment_name: 'Root canal treatment',
      tooth_number: 36,
      operations: [{ operation_name: 'Access opening' }, { operation_name: 'Obturation' }],
    },
  ],
  products: [
    {
      product_name: 'Amoxicillin 500',
      composition: 'Amoxicillin 500 mg',
      dosage_qty: '1 tablet',
      is_morning: true,
      is_afternoon: true,
      is_evening: true,
      is_sos: false,
      days: 5,
      instructions: 'After meal',
    },
    { product_name: 'Ibuprofen 400', dosage_qty: '1 tablet', is_sos: true },
  ],
  ...changes,
});

/** Signed-in calls under /api/consultation-form. */
export const formCalls = (t: TestApp) => ({
  add: (clinic: SignedInPartner, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/consultation-form/add-consultation-form',
      headers: clinic.headers,
      payload,
    }),
  update: (clinic: SignedInPartner, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/consultation-form/update-consultation-form',
      headers: clinic.headers,
      payload,
    }),
  remove: (clinic: SignedInPartner, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/consultation-form/delete-consultation-form',
      headers: clinic.headers,
      query: { id },
    }),
  get: (clinic: SignedInPartner, path: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/consultation-form/${path}`, headers: clinic.headers, query }),
});
