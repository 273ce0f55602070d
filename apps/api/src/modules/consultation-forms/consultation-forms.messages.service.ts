import {
  consultationFormMessages,
  consultationFormRecordLabel,
  type OutboxMessage,
  type SendPrescriptionMessageBody,
} from '@vaidya/contract/consultation-forms';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import type { WhatsAppMessagesService } from '../whatsapp-messages/whatsapp-messages.service';
import { findForm } from './consultation-forms.repository';

/**
 * The prescription link sent to the patient on WhatsApp (spec §7 "WhatsApp prescription
 * message"): to the mobile number on the prescription, with the names and the date it
 * holds; the request's number and names are accepted and ignored.
 */
export function createPrescriptionMessagesService({
  db,
  whatsappMessages,
}: {
  db: Db;
  whatsappMessages: WhatsAppMessagesService;
}) {
  const prescriptions = whatsappMessages.ofDocument({
    template: 'prescription',
    label: consultationFormRecordLabel,
    async load(partnerId, id) {
      const form = await findForm(db, { partnerId, id });
      if (!form) throw notFound(consultationFormRecordLabel);
      return {
        id: form.id,
        locationId: form.location_id,
        mobile: form.customer_mobile,
        patientName: form.customer_name,
        date: form.prescribed_date,
      };
    },
    path: (id) => `/prescription/${id}`,
    body: consultationFormMessages.prescriptionMessage,
    failed: consultationFormMessages.messageFailed,
  });

  return {
    sendMessage: ({ caller, payload }: { caller: Caller; payload: SendPrescriptionMessageBody }) =>
      prescriptions.send(caller.partnerId, payload.prescriptionId),

    /** The prescription's WhatsApp messages, newest first. */
    listMessages: ({ caller, id }: { caller: Caller; id: string }): Promise<OutboxMessage[]> =>
      prescriptions.list(caller.partnerId, id),
  };
}
