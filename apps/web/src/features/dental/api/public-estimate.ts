import type { PublicEstimate } from '@vaidya/contract/dental';
import { hasParts, usePublicDocument } from '../../../components/documents/public-document';
import { publicDocumentPaths } from '../../../components/documents/public-document-request';

/** The light check of the answer (decision 032): the parts the sheet walks, of the kinds it walks them as. */
function isPublicEstimate(data: unknown): data is PublicEstimate {
  return (
    hasParts(data, { plan: 'object', patient: 'object', location: 'object', partner: 'object' }) &&
    hasParts(data.partner, { name: 'string', time_zone: 'string', tooth_numbering: 'string' }) &&
    hasParts(data.patient, { name: 'string', patient_number: 'string' }) &&
    hasParts(data.plan, { title: 'string', created_at: 'string', alternatives: 'array' })
  );
}

/** Public by id, like the bill: no token is sent, so the patient needs no sign-in. */
export const usePublicEstimate = (id: string) =>
  usePublicDocument(publicDocumentPaths.estimate(id), isPublicEstimate);
