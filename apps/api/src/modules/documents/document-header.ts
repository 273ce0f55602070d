import { locations, partners } from '../../db/schema';

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
