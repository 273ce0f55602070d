import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  estimateMessageEndpoints as endpoints,
  estimateMessageFailed,
} from '@vaidya/contract/dental-estimates';
import { useSendDocument } from '../../../components/documents/use-send-document';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

const messagesKey = (planId: string) => ['dental', 'plan-messages', planId];

/** The plan's estimate messages on WhatsApp, newest first. */
export function usePlanMessages(planId: string) {
  return useQuery({
    queryKey: messagesKey(planId),
    queryFn: async ({ signal }) =>
      (await callApi(endpoints.planMessages, { query: { id: planId }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
}

/** Sends the plan's estimate to the patient's mobile on record; either way its messages are asked for again. */
export function useSendEstimate(planId: string) {
  const queryClient = useQueryClient();
  return useSendDocument({
    send: () => callApi(endpoints.sendPlanMessage, { body: { planId } }),
    failed: estimateMessageFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey(planId) }),
  });
}
