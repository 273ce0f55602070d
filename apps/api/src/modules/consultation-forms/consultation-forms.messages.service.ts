import {
  consultationFormMessages,
  consultationFormRecordLabel,
  type OutboxMessage,
  type SendPrescriptionMessageBody,
} from '@vaidya/contract/consultation-forms';
import type { WhatsAppDelivery, WhatsAppSender } from '../../adapters/messaging/whatsapp';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import {
  findForm,
  finishOutboxMessage,
  insertOutboxMessage,
  listMessagesOf,
  type OutboxRow,
} from './consultation-forms.repository';

export const toOutboxMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  recipient: row.recipient,
  status: row.status,
  error: row.error,
  body: row.body,
  created_at: row.created_at.toISOString(),
});

/** A sender that throws has failed all the same: the outbox keeps why, and the clinic may retry. */
export async function deliver(
  whatsapp: WhatsAppSender,
  message: Parameters<WhatsAppSender['send']>[0],
): Promise<WhatsAppDelivery> {
  try {
    return await whatsapp.send(message);
  } catch (error) {
    return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The prescription link sent to the patient on WhatsApp (spec §7 "WhatsApp prescription
 * message"). Every attempt is an outbox row with how it ended; sending again is the retry.
 */
export function createPrescriptionMessagesService({
  db,
  whatsapp,
  publicUrl,
}: {
  db: Db;
  whatsapp: WhatsAppSender;
  /** The app's address the link starts with; empty, the body holds the page's path. */
  publicUrl: string;
}) {
  async function requireForm(caller: Caller, id: string) {
    const form = await findForm(db, { partnerId: caller.partnerId, id });
    if (!form) throw notFound(consultationFormRecordLabel);
    return form;
  }

  return {
    async sendMessage({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: SendPrescriptionMessageBody;
    }): Promise<OutboxMessage> {
      const form = await requireForm(caller, payload.prescriptionId);
      const message = await insertOutboxMessage(db, {
        partner_id: caller.partnerId,
        channel: 'whatsapp',
        recipient: payload.mobileNumber,
        reference_id: form.id,
        body: consultationFormMessages.prescriptionMessage({
          patientName: payload.patientName,
          partnerName: payload.partnerName,
          date: payload.date,
          link: `${publicUrl}/prescription/${form.id}`,
        }),
      });
      const delivery = await deliver(whatsapp, {
        to: payload.mobileNumber,
        template: 'prescription',
        bodyParameters: [payload.patientName, payload.partnerName, payload.date],
        linkSuffix: form.id,
      });
      const finished = await finishOutboxMessage(db, {
        id: message.id,
        status: delivery.status,
        error: delivery.status === 'failed' ? delivery.reason : null,
        provider_message_id: delivery.status === 'sent' ? delivery.providerMessageId : null,
      });
      if (finished.status === 'failed')
        throw new AppError('MESSAGE_FAILED', consultationFormMessages.messageFailed);
      return toOutboxMessage(finished);
    },

    /** The prescription's WhatsApp messages, newest first. */
    async listMessages({ caller, id }: { caller: Caller; id: string }): Promise<OutboxMessage[]> {
      const form = await requireForm(caller, id);
      const rows = await listMessagesOf(db, { partnerId: caller.partnerId, referenceId: form.id });
      return rows.map(toOutboxMessage);
    },
  };
}
