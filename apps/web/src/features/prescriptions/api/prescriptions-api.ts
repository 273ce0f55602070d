import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import {
  consultationFormEndpoints,
  consultationFormMessages,
  type PublicPrescription,
  type SendPrescriptionMessageBody,
} from '@vaidya/contract/consultation-forms';
import { useSendDocument } from '../../../components/documents/use-send-document';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

const messagesKey = (id: string) => ['prescription-messages', id];

/** The prescription's WhatsApp messages, newest first; asked only when `enabled` (the clinic's staff). */
export function usePrescriptionMessages(id: string, enabled: boolean) {
  return useQuery({
    queryKey: messagesKey(id),
    enabled,
    queryFn: async ({ signal }) =>
      (await callApi(consultationFormEndpoints.messages, { query: { id }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
}

/** Spec §7 "WhatsApp prescription message": the payload, read off the prescription as printed. */
export function prescriptionMessageFor({
  consultation_form_data: form,
  partner,
}: PublicPrescription): SendPrescriptionMessageBody {
  return {
    mobileNumber: form.customer_mobile,
    patientName: form.customer_name,
    partnerName: partner.name,
    date: calendarDateEnGb(form.prescribed_date),
    prescriptionId: form.id,
  };
}

/** Sends the prescription on WhatsApp; success or failure, the messages list reloads. */
export function useSendPrescriptionMessage(id: string) {
  const queryClient = useQueryClient();
  return useSendDocument({
    send: (payload: SendPrescriptionMessageBody) =>
      callApi(consultationFormEndpoints.sendMessage, { body: payload }),
    failed: consultationFormMessages.messageFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey(id) }),
  });
}
