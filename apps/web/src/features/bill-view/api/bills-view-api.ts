import { useQuery } from '@tanstack/react-query';
import { billMessagesTexts, billTexts } from '@vaidya/contract/bill-screens';
import { billEndpoints, billMessages, type PublicBill } from '@vaidya/contract/bills';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import {
  documentRecordKey,
  type PreviewedDocument,
} from '../../../components/documents/document-preview-page';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { fetchBill } from '../../../lib/fetch-bill';
import { paths } from '../../../lib/paths';

/**
 * Where the bill preview's Back goes: a bill written for a booking was written from the
 * bookings screen, any other from the bills list (issue 19). Asked of the clinic's own
 * bill, as the public answer does not say which booking a bill is for.
 */
export function useBillOrigin(id: string, enabled: boolean) {
  return useQuery({
    // The preview's own query of the clinic's bill (`previewedBill.record`): asked once for both.
    queryKey: documentRecordKey(previewedBill.name, id),
    enabled,
    queryFn: ({ signal }) => fetchBill(id, signal),
    select: (bill) => (bill.slot_id ? 'bookings' : 'bills'),
    retry: retryOnceUnlessRefused,
  });
}

/** The bill in its preview: its editor, and its WhatsApp messages (outbox rows, as a prescription's). */
export const previewedBill: PreviewedDocument<PublicBill> = {
  name: 'bill',
  words: billTexts,
  messagesWords: billMessagesTexts,
  editor: paths.billEditor,
  listMessages: async (id, signal) => (await callApi(billEndpoints.messages, { query: { id }, signal })).data,
  record: fetchBill,
  // The payload is read off the bill as printed.
  sendMessage: ({ bill, partner }) =>
    callApi(billEndpoints.sendMessage, {
      body: {
        mobileNumber: bill.customer_mobile,
        patientName: bill.customer_name,
        partnerName: partner.name,
        date: calendarDateEnGb(bill.generated_date),
        billId: bill.id,
      },
    }),
  sendFailed: billMessages.messageFailed,
};
