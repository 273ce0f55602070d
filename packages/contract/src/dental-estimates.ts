import { z } from 'zod';
import { outboxMessageResponse, outboxMessageSchema } from './documents';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

/**
 * A treatment plan's estimate on WhatsApp (issue 22), as a bill's goes: its calls, part of
 * `dentalEndpoints`, in a module of their own so the estimate's page sends and lists messages
 * without the rest of the dental contract.
 */

/** What the staff are told when WhatsApp did not take the estimate (spec §8). */
export const estimateMessageFailed = 'Some error occured';

/** Sends the plan's estimate to the patient's mobile on record; the request names only the plan. */
export const sendPlanMessageBody = z.object({ planId: z.uuid() });
export type SendPlanMessageBody = z.infer<typeof sendPlanMessageBody>;
export const planIdQuery = z.object({ id: z.uuid() });
/** get-plan-messages?id: the WhatsApp messages of one plan's estimate, newest first. */
export const planMessagesResponse = dataEnvelope(z.array(outboxMessageSchema));

const dentalTags = ['dental'];

export const estimateMessageEndpoints = {
  sendPlanMessage: endpoint({
    method: 'POST',
    path: '/dental/send-plan-message',
    summary:
      'Sends the plan’s estimate link on WhatsApp to the patient’s mobile on record, with the names on record; 409 for a plan saved without a location; 429 past 5 sends of one plan a day or the location’s hourly limit; every attempt is kept in the outbox with how it ended',
    tags: dentalTags,
    access: 'signed-in',
    body: sendPlanMessageBody,
    response: outboxMessageResponse,
    refusals: [404, 409, 429, 502],
  }),
  planMessages: endpoint({
    method: 'GET',
    path: '/dental/get-plan-messages',
    summary: 'A treatment plan’s estimate messages on WhatsApp, newest first',
    tags: dentalTags,
    access: 'signed-in',
    query: planIdQuery,
    response: planMessagesResponse,
    refusals: [404],
  }),
};
