import { billMessages, billRecordLabel, type SendBillMessageBody } from '@vaidya/contract/bills';
import type { OutboxMessage } from '@vaidya/contract/consultation-forms';
import type { Caller } from '../access/authenticate';
import type { WhatsAppMessagesService } from '../whatsapp-messages/whatsapp-messages.service';
import type { BillRow } from './bills.repository';

type Author = Pick<Caller, 'partnerId' | 'userId'>;

/**
 * The bill link sent to the patient on WhatsApp, as the prescription's is: to the mobile
 * number on the bill, with the names and the date it holds; the request's number and
 * names are accepted and ignored.
 */
export function createBillMessagesService({
  whatsappMessages,
  requireBill,
}: {
  whatsappMessages: WhatsAppMessagesService;
  /** The partner's live bill, or the 404. */
  requireBill: (partnerId: string, id: string) => Promise<BillRow>;
}) {
  const bills = whatsappMessages.ofDocument({
    template: 'bill',
    label: billRecordLabel,
    async load(partnerId, id) {
      const bill = await requireBill(partnerId, id);
      return {
        id: bill.id,
        locationId: bill.location_id,
        mobile: bill.customer_mobile,
        patientName: bill.customer_name,
        date: bill.generated_date,
      };
    },
    path: (id) => `/bill/${id}`,
    body: billMessages.billMessage,
    failed: billMessages.messageFailed,
  });

  return {
    sendMessage: ({ caller, payload }: { caller: Author; payload: SendBillMessageBody }) =>
      bills.send(caller.partnerId, payload.billId),

    /** The bill's WhatsApp messages, newest first. */
    listMessages: ({ caller, id }: { caller: Author; id: string }): Promise<OutboxMessage[]> =>
      bills.list(caller.partnerId, id),
  };
}
