import { consultationFormMessages, consultationFormRecordLabel } from '@vaidya/contract/consultation-forms';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import { createDocumentLayoutService } from '../documents/documents.layout.service';
import { createDocumentMessagesService } from '../documents/documents.messages.service';
import type { PatientsService } from '../patients/patients.service';
import type { UploadsService } from '../uploads/uploads.service';
import type {
  MessagedDocument,
  WhatsAppMessagesService,
} from '../whatsapp-messages/whatsapp-messages.service';
import { createFormEditingService } from './consultation-forms.editing.service';
import { findForm } from './consultation-forms.repository';

/** The prescription as a document sent on WhatsApp: to the mobile number, with the names and the date it holds. */
const prescriptionDocument = (db: Db): MessagedDocument => ({
  template: 'prescription',
  label: consultationFormRecordLabel,
  async load(partnerId, id) {
    const form = await findForm(db, { partnerId, id });
    if (!form) throw notFound(consultationFormRecordLabel);
    return {
      id: form.id,
      locationId: form.location_id,
      mobile: form.customer_mobile,
      patientId: form.patient_id,
      patientName: form.customer_name,
      date: form.prescribed_date,
    };
  },
  path: (id) => `/prescription/${id}`,
  body: consultationFormMessages.prescriptionMessage,
  failed: consultationFormMessages.messageFailed,
});

/**
 * Consultation forms and prescriptions (spec §7 "Consultation forms"): writing and
 * keeping the forms, and, through the documents module, the layout images printed on
 * them and sending them on WhatsApp.
 */
export function createConsultationFormsService(deps: {
  db: Db;
  clock: Clock;
  patients: Pick<PatientsService, 'findOrCreate'>;
  uploads: UploadsService;
  whatsappMessages: WhatsAppMessagesService;
}) {
  return {
    ...createFormEditingService(deps),
    ...createDocumentLayoutService(deps),
    ...createDocumentMessagesService({
      whatsappMessages: deps.whatsappMessages,
      document: prescriptionDocument(deps.db),
    }),
  };
}

export type ConsultationFormsService = ReturnType<typeof createConsultationFormsService>;
