import { setTimeout as sleep } from 'node:timers/promises';
import { whatsAppFailureReasons as reasons } from '@vaidya/contract/documents';
import { z } from 'zod';
import type { WhatsAppDelivery, WhatsAppSender, WhatsAppTemplateMessage } from './whatsapp';

export interface CloudWhatsAppOptions {
  /** The Graph API with its version, like https://graph.facebook.com/v21.0. */
  apiUrl: string;
  /** The WhatsApp Business phone number the messages come from. */
  phoneNumberId: string;
  accessToken: string;
  /** The approved template behind each kind of message, and its language. */
  templates: Record<WhatsAppTemplateMessage['template'], { name: string; language: string }>;
  fetch?: typeof fetch;
  /** The waits before the second, third … attempt of a throttled or failed request. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

/**
 * Sends template messages through the WhatsApp Cloud API (decision 021). Outside the
 * 24-hour window after a patient's last message only an approved template may be sent,
 * so the prescription goes as one: its body names patient, clinic and date, its URL
 * button ends in the prescription's id. Throttling (130429, 131056) and server or
 * connection failures are tried again after `retryDelaysMs`; a refused template or
 * number is final. Every outcome is returned, never thrown.
 */
export function createCloudWhatsApp(options: CloudWhatsAppOptions): WhatsAppSender {
  // The last wait outlasts WhatsApp's 6 s between two messages to one recipient (131056).
  const retryDelaysMs = options.retryDelaysMs ?? [1000, 6000];
  const timeoutMs = options.timeoutMs ?? 10_000;
  const endpoint = `${options.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  // Graph echoes a malformed token in its error message: it must not reach the outbox or a log.
  const readable = (text: string) =>
    (options.accessToken ? text.replaceAll(options.accessToken, '[access token]') : text)
      .replace(/^\(#\d+\)\s*/, '')
      .slice(0, 200);

  async function attempt(message: WhatsAppTemplateMessage): Promise<Attempt> {
    const template = options.templates[message.template];
    try {
      const response = await (options.fetch ?? fetch)(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: `91${message.to}`,
          type: 'template',
          template: {
            name: template.name,
            language: { code: template.language },
            components: [
              { type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) },
              ...(message.linkSuffix === undefined
                ? []
                : [
                    {
                      type: 'button',
                      sub_type: 'url',
                      index: '0',
                      parameters: [{ type: 'text', text: message.linkSuffix }],
                    },
                  ]),
            ],
          },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = parseJson(await response.text());
      const accepted = acceptedSchema.safeParse(answer);
      if (response.ok && accepted.success) {
        return final({ status: 'sent', providerMessageId: accepted.data.messages[0].id });
      }
      // A 2xx without an id may still have been delivered: sending again is the staff's call.
      if (response.ok) return final(failed(reasons.answeredWithoutId));
      const busy = response.status >= 500 || response.status === 429;
      const refused = graphErrorSchema.safeParse(answer);
      if (!refused.success)
        return { delivery: failed(reasons.answeredWithoutReason(response.status)), retryable: busy };
      const { code, message: detail } = refused.data.error;
      return {
        delivery: failed(reasons.refused(code, readable(detail))),
        retryable: busy || throttlingCodes.has(code),
      };
    } catch (error) {
      // No answer in time: the message may have gone out, and the staff have waited long enough.
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        return final(failed(reasons.noAnswer(timeoutMs / 1000)));
      }
      return { delivery: failed(reasons.unreachable(readable(causeOf(error)))), retryable: true };
    }
  }

  return {
    async send(message) {
      for (let retry = 0; ; retry++) {
        const { delivery, retryable } = await attempt(message);
        const delay = retryDelaysMs[retry];
        if (!retryable || delay === undefined) return delivery;
        await sleep(delay);
      }
    },
  };
}

type Attempt = { delivery: WhatsAppDelivery; retryable: boolean };

const final = (delivery: WhatsAppDelivery): Attempt => ({ delivery, retryable: false });

const failed = (reason: string): WhatsAppDelivery => ({ status: 'failed', reason });

/** Too many messages from the number (130429) or to one recipient (131056): wait and try again. */
const throttlingCodes = new Set([130429, 131056]);

const acceptedSchema = z.object({ messages: z.tuple([z.object({ id: z.string().min(1) })], z.unknown()) });

const graphErrorSchema = z.object({ error: z.object({ message: z.string(), code: z.number().int() }) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** undici says only "fetch failed"; the system error under it (ECONNREFUSED …) says why. */
function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
    return error.message;
  }
  return String(error);
}
