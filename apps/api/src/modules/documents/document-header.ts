import type { DocumentPartner, LayoutElements } from '@vaidya/contract/documents';
import { fileUrl } from '@vaidya/contract/uploads';
import { locations, partners } from '../../db/schema';
import type { LayoutColumn } from './documents.repository';

/**
 * What every clinic document (prescription, bill, receipt) prints at its head: the location it
 * was made at and what it shows of its clinic, with the layout images. A query selects these
 * beside its document, joined on the document's `location_id` and `partner_id`.
 */
export const documentHeaderColumns = {
  location: {
    location_name: locations.location_name,
    address: locations.address,
    contact_no: locations.contact_no,
  },
  partner: {
    name: partners.name,
    speciality: partners.speciality_type,
    authorised_signature_url: partners.authorised_signature_url,
    consultation_form_header_url: partners.consultation_form_header_url,
    consultation_form_footer_url: partners.consultation_form_footer_url,
    time_zone: partners.time_zone,
  },
};

const urlOf = (key: string | null) => (key ? fileUrl(key) : null);

/** The stored keys of the layout images as the browser loads them. */
export const toLayout = (keys: Record<LayoutColumn, string | null>): LayoutElements => ({
  consultation_form_header_url: urlOf(keys.consultation_form_header_url),
  consultation_form_footer_url: urlOf(keys.consultation_form_footer_url),
  authorised_signature_url: urlOf(keys.authorised_signature_url),
});

/** The clinic as a document shows it, from the partner columns `documentHeaderColumns` selected. */
export const toDocumentPartner = (
  partner: Omit<DocumentPartner, LayoutColumn> & Record<LayoutColumn, string | null>,
): DocumentPartner => ({
  name: partner.name,
  speciality: partner.speciality,
  ...toLayout(partner),
  time_zone: partner.time_zone,
});
