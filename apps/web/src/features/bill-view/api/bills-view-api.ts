import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billEndpoints,
  billMessages,
  type PublicBill,
  type sendBillMessageBody,
} from '@vaidya/contract/bills';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import type { z } from 'zod';
import { useSendDocument } from '../../../components/documents/use-send-document';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { fetchBill } from '../../../lib/fetch-bill';

type SendBillMessageBody = z.input<typeof sendBillMessageBody>;

const messagesKey = (id: string) => ['bill-messages', id];

/** The bill's WhatsApp messages (outbox rows, the same shape as a prescription's), newest first; asked only when `enabled`. */
export function useBillMessages(id: string, enabled: boolean) {
  return useQuery({
    queryKey: messagesKey(id),
    enabled,
    queryFn: async ({ signal }) => (await callApi(billEndpoints.messages, { query: { id }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
}

/**
 * Where the bill preview's Back goes: a bill written for a booking was written from the
 * bookings screen, any other from the bills list (issue 19). Asked of the clinic's own
 * bill, as the public answer does not say which booking a bill is for.
 */
export function useBillOrigin(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['bill-preview-origin', id],
    enabled,
    queryFn: async ({ signal }) => ((await fetchBill(id, signal)).slot_id ? 'bookings' : 'bills'),
    retry: retryOnceUnlessRefused,
  });
}

/** The WhatsApp payload, read off the bill as printed. */
export function billMessageFor({ bill, partner }: PublicBill): SendBillMessageBody {
  return {
    mobileNumber: bill.customer_mobile,
    patientName: bill.customer_name,
    partnerName: partner.name,
    date: calendarDateEnGb(bill.generated_date),
    billId: bill.id,
  };
}

/** Sends the bill on WhatsApp; success or failure, the messages list reloads. */
export function useSendBillMessage(id: string) {
  const queryClient = useQueryClient();
  return useSendDocument({
    send: (payload: SendBillMessageBody) => callApi(billEndpoints.sendMessage, { body: payload }),
    failed: billMessages.messageFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey(id) }),
  });
}
