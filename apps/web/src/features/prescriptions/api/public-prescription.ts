import type { PublicPrescription } from '@vaidya/contract/consultation-forms';
import { hasParts, usePublicDocument } from '../../../components/documents/public-document';
import { publicDocumentPaths } from '../../../components/documents/public-document-request';

/** The light check of the answer (decision 032): the parts the sheet walks, of the kinds it walks them as. */
function isPublicPrescription(data: unknown): data is PublicPrescription {
  return (
    hasParts(data, {
      consultation_form_data: 'object',
      patient_safety: 'object',
      location: 'object',
      partner: 'object',
    }) &&
    hasParts(data.partner, { name: 'string', time_zone: 'string' }) &&
    hasParts(data.patient_safety, { allergies: 'array', alerts: 'array' }) &&
    hasParts(data.consultation_form_data, {
      customer_name: 'string',
      updated_at: 'string',
      metrics: 'array',
      complaints: 'array',
      observations: 'array',
      diagnoses: 'array',
      investigations: 'array',
      treatments: 'array',
      products: 'array',
    })
  );
}

/** Public by id (spec §2): no token is sent, so a visitor needs no sign-in and a stale session is never ended here. */
export const usePublicPrescription = (id: string) =>
  usePublicDocument(publicDocumentPaths.prescription(id), isPublicPrescription);
