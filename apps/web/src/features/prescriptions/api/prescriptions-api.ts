import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import {
  consultationFormEndpoints,
  consultationFormMessages,
  type PublicPrescription,
} from '@vaidya/contract/consultation-forms';
import { prescriptionMessagesTexts, prescriptionTexts } from '@vaidya/contract/prescription-screens';
import type { PreviewedDocument } from '../../../components/documents/document-preview-page';
import { callApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** The prescription in its preview: its editor, and its WhatsApp messages. */
export const previewedPrescription: PreviewedDocument<PublicPrescription> = {
  name: 'prescription',
  words: prescriptionTexts,
  messagesWords: prescriptionMessagesTexts,
  editor: paths.consultation,
  editPermission: 'clinicalRecords',
  listMessages: async (id, signal) =>
    (await callApi(consultationFormEndpoints.messages, { query: { id }, signal })).data,
  record: async (id, signal) =>
    (await callApi(consultationFormEndpoints.byId, { query: { id }, signal })).data,
  // Spec §7 "WhatsApp prescription message": the payload, read off the prescription as printed.
  sendMessage: ({ consultation_form_data: form, partner }) =>
    callApi(consultationFormEndpoints.sendMessage, {
      body: {
        mobileNumber: form.customer_mobile,
        patientName: form.customer_name,
        partnerName: partner.name,
        date: calendarDateEnGb(form.prescribed_date),
        prescriptionId: form.id,
      },
    }),
  sendFailed: consultationFormMessages.messageFailed,
};
