import {
  consultationFormMessages,
  type LayoutElements,
  type OutboxMessage,
  type OutboxStatus,
  type PublicPrescription,
  whatsAppSendMessage,
} from '@vaidya/contract/consultation-forms';
import { fileUrl } from '@vaidya/contract/uploads';
import { uuid } from './fake-masters';

/** What the clinic's record of the fake prescription holds beyond the public one. */
export const prescriptionRecordOf = {
  slot_id: null,
  location_id: kothrud.id,
  patient_id: uuid(7100),
  version: 1,
};

import { type Handler, kothrud, sushrutDental } from './fake-server';

const product = (
  n: number,
  name: string,
  overrides: Partial<PublicPrescription['consultation_form_data']['products'][number]> = {},
) => ({
  id: uuid(900 + n),
  product_name: name,
  composition: '',
  dosage_qty: '',
  is_morning: false,
  is_afternoon: false,
  is_evening: false,
  is_sos: false,
  days: null,
  instructions: '',
  ...overrides,
});

/**
 * A typical dental prescription (spec §2, the one-page print case): 3 complaints, 2
 * findings, 2 diagnoses, 2 investigations, 2 treatments (one on the tooth chart) and 6
 * medicines, printed with the clinic's name as header as no layout image is set.
 */
export const fullPrescription: PublicPrescription = {
  consultation_form_data: {
    id: uuid(800),
    customer_name: 'Asha Patil',
    customer_age: 34,
    customer_gender: 'female',
    customer_mobile: '9822000001',
    prescribed_date: '2026-11-23',
    updated_at: '2026-11-24T06:30:00.000Z',
    metrics: [
      { id: uuid(801), type: 'BP', value: '120/80' },
      { id: uuid(802), type: 'Pulse', value: '72' },
    ],
    complaints: [
      { id: uuid(811), complaint_name: 'Toothache' },
      { id: uuid(812), complaint_name: 'Bleeding gums' },
      { id: uuid(813), complaint_name: 'Sensitivity to cold' },
    ],
    observations: [
      { id: uuid(821), observation_name: 'Deep caries on 36' },
      { id: uuid(822), observation_name: 'Calculus deposits' },
    ],
    diagnoses: [
      { id: uuid(831), diagnosis_name: 'Irreversible pulpitis' },
      { id: uuid(832), diagnosis_name: 'Chronic gingivitis' },
    ],
    investigations: [
      { id: uuid(841), investigation_name: 'IOPA X-ray' },
      { id: uuid(842), investigation_name: 'Blood sugar (fasting)' },
    ],
    treatments: [
      {
        id: uuid(851),
        treatment_name: 'Root canal treatment',
        tooth_number: 36,
        operations: [
          { id: uuid(861), operation_name: 'Access opening' },
          { id: uuid(862), operation_name: 'Obturation' },
        ],
      },
      { id: uuid(852), treatment_name: 'Scaling and polishing', tooth_number: null, operations: [] },
    ],
    products: [
      product(1, 'Amoxicillin 500', {
        composition: 'Amoxicillin 500 mg',
        dosage_qty: '1 capsule',
        is_morning: true,
        is_afternoon: true,
        is_evening: true,
        days: 5,
        instructions: 'After meal',
      }),
      product(2, 'Ibuprofen 400', {
        composition: 'Ibuprofen 400 mg',
        dosage_qty: '1 tablet',
        is_sos: true,
        days: 3,
      }),
      product(3, 'Pantoprazole 40', {
        composition: 'Pantoprazole 40 mg',
        dosage_qty: '1 tablet',
        is_morning: true,
        days: 5,
        instructions: 'Before meal',
      }),
      product(4, 'Chlorhexidine mouthwash', { dosage_qty: '10 ml', is_morning: true, is_evening: true }),
      product(5, 'Sensodyne toothpaste', { is_evening: true, days: 30 }),
      product(6, 'Vitamin C'),
    ],
  },
  patient_safety: { allergies: [], alerts: [] },
  location: {
    location_name: kothrud.location_name,
    address: kothrud.address,
    contact_no: kothrud.contact_no,
  },
  partner: {
    name: sushrutDental.name,
    speciality: 'DENTIST',
    authorised_signature_url: null,
    consultation_form_header_url: null,
    consultation_form_footer_url: null,
    time_zone: sushrutDental.time_zone,
  },
  // Written before authors were kept (issue 23): the footer prints the clinic's name and signature.
  author: null,
};

/** The doctor who wrote a prescription, their profile complete (issue 23). */
export const prescriptionAuthor = {
  name: 'Dr Sushrut Kulkarni',
  qualification: 'BDS, MDS',
  registration_council: 'Maharashtra State Dental Council',
  registration_number: 'A-12345',
  signature_url: fileUrl(`${sushrutDental.id}/doctor-signature/sushrut.png`),
};

const key = (purpose: string, n: number) => `${sushrutDental.id}/${purpose}/layout-image-number-${n}.png`;

/** The clinic's layout images as set in Settings, as the prescription carries them. */
export const layoutImages = {
  header: fileUrl(key('consultation-header', 1)),
  signature: fileUrl(key('consultation-signature', 1)),
  footer: fileUrl(key('consultation-footer', 1)),
};

/** The same prescription printed on the clinic's own header, signature and footer. */
export const prescriptionWithLayout: PublicPrescription = {
  ...fullPrescription,
  partner: {
    ...fullPrescription.partner,
    consultation_form_header_url: layoutImages.header,
    authorised_signature_url: layoutImages.signature,
    consultation_form_footer_url: layoutImages.footer,
  },
};

const notFound = () =>
  Response.json({ message: 'Prescription not found', code: 'NOT_FOUND' }, { status: 404 });

/**
 * The public prescription and its WhatsApp calls over messages kept in memory. Each
 * send answers as its `outcomes` say, in turn (the last repeats): 'recorded' and 'sent'
 * 200, 'failed' 502, and either way the message joins the list, newest first. A send
 * waits for `sendsHeldUntil`, so a test can see the button while it is on its way.
 */
export function fakePrescription({
  prescription = fullPrescription,
  outcomes = ['recorded'],
  messages = [],
  sendsHeldUntil,
}: {
  prescription?: PublicPrescription;
  outcomes?: OutboxStatus[];
  messages?: OutboxMessage[];
  sendsHeldUntil?: Promise<void>;
} = {}): Record<string, Handler> {
  const id = prescription.consultation_form_data.id;
  let outbox = [...messages];
  let sends = 0;
  return {
    [`GET /api/public/prescription/${id}`]: () => Response.json({ data: prescription }),
    // The clinic's own form, which names the patient it is for.
    'GET /api/consultation-form/get-by-id': ({ url }) =>
      url.searchParams.get('id') === id
        ? Response.json({
            data: {
              ...prescription.consultation_form_data,
              ...prescriptionRecordOf,
              author: prescription.author,
            },
          })
        : notFound(),
    'GET /api/consultation-form/get-messages': ({ url }) =>
      url.searchParams.get('id') === id ? Response.json({ data: outbox }) : notFound(),
    'POST /api/consultation-form/send-message': async () => {
      await sendsHeldUntil;
      const status = outcomes[Math.min(sends, outcomes.length - 1)] ?? 'recorded';
      sends += 1;
      // As the API does: to the mobile on the prescription, with the names on record, whatever the request says.
      const form = prescription.consultation_form_data;
      const message: OutboxMessage = {
        id: uuid(950 + sends),
        recipient: form.customer_mobile,
        status,
        error: status === 'failed' ? 'Recipient phone number not on WhatsApp' : null,
        body: `Prescription from ${prescription.partner.name} for ${form.customer_name} on ${form.prescribed_date}`,
        created_at: new Date(Date.UTC(2026, 10, 24, 7, sends)).toISOString(),
      };
      outbox = [message, ...outbox];
      return status === 'failed'
        ? Response.json(
            { message: consultationFormMessages.messageFailed, code: 'MESSAGE_FAILED' },
            { status: 502 },
          )
        : Response.json({ data: message, message: whatsAppSendMessage(status) });
    },
  };
}

/** Settings' layout calls over the clinic's header, signature and footer kept in memory, as URLs. */
export function fakePrescriptionLayout(initial: Partial<LayoutElements> = {}): Record<string, Handler> {
  let layout: LayoutElements = {
    consultation_form_header_url: null,
    consultation_form_footer_url: null,
    authorised_signature_url: null,
    ...initial,
  };
  const answer = (message?: string) => Response.json({ data: layout, ...(message ? { message } : {}) });
  const setTo =
    (field: keyof LayoutElements, bodyKey: string): Handler =>
    (request) => {
      const uploaded = (request.body as Record<string, string>)[bodyKey];
      layout = { ...layout, [field]: uploaded ? fileUrl(uploaded) : null };
      return answer(consultationFormMessages.layoutImageSaved);
    };
  return {
    'GET /api/consultation-form/get-layout-elements': () => answer(),
    'PUT /api/consultation-form/upload-header': setTo('consultation_form_header_url', 'header'),
    'PUT /api/consultation-form/upload-authorised-signature': setTo('authorised_signature_url', 'signature'),
    'PUT /api/consultation-form/upload-footer': setTo('consultation_form_footer_url', 'footer'),
    'DELETE /api/consultation-form/delete-layout-elements': ({ url }) => {
      const cleared = (name: string, field: keyof LayoutElements) =>
        url.searchParams.get(name) === 'true' ? { [field]: null } : {};
      layout = {
        ...layout,
        ...cleared('header', 'consultation_form_header_url'),
        ...cleared('footer', 'consultation_form_footer_url'),
        ...cleared('signature', 'authorised_signature_url'),
      };
      return answer(consultationFormMessages.layoutImagesDeleted);
    },
  };
}
