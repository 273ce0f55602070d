import { billMessages, type SendBillMessageBody } from '@vaidya/contract/bills';
import type { OutboxMessage } from '@vaidya/contract/consultation-forms';
import type { WhatsAppSender } from '../../adapters/messaging/whatsapp';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { deliver, toOutboxMessage } from '../consultation-forms/consultation-forms.messages.service';
import {
  finishOutboxMessage,
  insertOutboxMessage,
  listMessagesOf,
} from '../consultation-forms/consultation-forms.repository';
import type { BillRow } from './bills.repository';

type Author = Pick<Caller, 'partnerId' | 'userId'>;

/**
 * The bill link sent to the patient on WhatsApp, as the prescription's is: every attempt
 * is an outbox row with how it ended; sending again is the retry.
 */
export function createBillMessagesService({
  db,
  whatsapp,
  publicUrl,
  requireBill,
}: {
  db: Db;
  whatsapp: WhatsAppSender;
  /** The app's address the link starts with; empty, the body holds the page's path. */
  publicUrl: string;
  /** The caller's live bill, or the 404. */
  requireBill: (caller: Author, id: string) => Promise<BillRow>;
}) {
  return {
    async sendMessage({
      caller,
      payload,
    }: {
      caller: Author;
      payload: SendBillMessageBody;
    }): Promise<OutboxMessage> {
      const bill = await requireBill(caller, payload.billId);
      const message = await insertOutboxMessage(db, {
        partner_id: caller.partnerId,
        channel: 'whatsapp',
        recipient: payload.mobileNumber,
        reference_id: bill.id,
        body: billMessages.billMessage({
          patientName: payload.patientName,
          partnerName: payload.partnerName,
          date: payload.date,
          link: `${publicUrl}/bill/${bill.id}`,
        }),
      });
      const delivery = await deliver(whatsapp, {
        to: payload.mobileNumber,
        template: 'bill',
        bodyParameters: [payload.patientName, payload.partnerName, payload.date],
        linkSuffix: bill.id,
      });
      const finished = await finishOutboxMessage(db, {
        id: message.id,
        status: delivery.status,
        error: delivery.status === 'failed' ? delivery.reason : null,
        provider_message_id: delivery.status === 'sent' ? delivery.providerMessageId : null,
      });
      if (finished.status === 'failed') throw new AppError('MESSAGE_FAILED', billMessages.messageFailed);
      return toOutboxMessage(finished);
    },

    /** The bill's WhatsApp messages, newest first. */
    async listMessages({ caller, id }: { caller: Author; id: string }): Promise<OutboxMessage[]> {
      const bill = await requireBill(caller, id);
      const rows = await listMessagesOf(db, { partnerId: caller.partnerId, referenceId: bill.id });
      return rows.map(toOutboxMessage);
    },
  };
}
