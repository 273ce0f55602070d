import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCloudWhatsApp } from './cloud-whatsapp';
import type { WhatsAppTemplateMessage } from './whatsapp';

const phoneNumberId = '109876543210987';
const accessToken = 'EAAGfakeTokenForTestsZCZBxyz';
const version = 'v21.0';

/** The templates the fake business account has approved, as WhatsApp Manager shows them. */
const approvedTemplates = new Map([
  ['prescription_link', { language: 'en', bodyParameters: 3, urlButton: true }],
  ['booking_cancelled', { language: 'en', bodyParameters: 4, urlButton: false }],
]);

/** How the fake answers a request that passes its checks. */
type Answer =
  | 'accepted'
  | 'reengagement'
  | 'throttled'
  | 'pair-limit'
  | 'undeliverable'
  | 'server-error'
  | 'bad-gateway'
  | 'no-id'
  | 'hang';

const graphErrors = {
  reengagement: [400, 131047, 'Re-engagement message'],
  throttled: [400, 130429, 'Rate limit hit'],
  'pair-limit': [400, 131056, '(Business Account, Consumer Account) pair rate limit hit'],
  undeliverable: [400, 131026, 'Message Undeliverable'],
  'server-error': [500, 2, 'Service temporarily unavailable'],
} as const;

/**
 * A stand-in for the Graph API's messages endpoint on 127.0.0.1 that checks a request the
 * way Graph does (bearer token, phone number id in the path, the template message's shape
 * against the approved templates) and answers with Graph's own JSON, success or error.
 * It keeps every request it receives; `answerNext` scripts the next answers.
 */
function startFakeGraph() {
  const received: { path: string | undefined; body: unknown }[] = [];
  const script: Answer[] = [];
  const graphError = (response: ServerResponse, status: number, code: number, message: string) => {
    response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf123' } }));
  };

  const handle = (request: IncomingMessage, response: ServerResponse, body: unknown) => {
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      // Graph quotes a malformed token back in its message.
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      return graphError(response, 401, 190, `Malformed access token ${token}`);
    }
    if (request.method !== 'POST' || request.url !== `/${version}/${phoneNumberId}/messages`) {
      return graphError(response, 400, 100, 'Unsupported post request. Object with ID does not exist');
    }
    const message = templateMessageSchema.safeParse(body);
    if (!message.success) return graphError(response, 400, 100, '(#100) Invalid parameter');
    const problem = templateProblem(message.data);
    if (problem) return graphError(response, 400, problem[0], problem[1]);

    const answer = script.shift() ?? 'accepted';
    if (answer === 'hang') return;
    if (answer === 'bad-gateway') return response.writeHead(502).end('<html>Bad Gateway</html>');
    if (answer === 'no-id') {
      return response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"messaging_product":"whatsapp"}');
    }
    if (answer !== 'accepted') {
      const [status, code, text] = graphErrors[answer];
      return graphError(response, status, code, text);
    }
    const { to } = message.data;
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.HBgM${to}${received.length}`, message_status: 'accepted' }],
      }),
    );
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown;
      try {
        body = request.headers['content-type']?.startsWith('application/json')
          ? JSON.parse(Buffer.concat(chunks).toString('utf8'))
          : undefined;
      } catch {
        return graphError(response, 400, 100, 'Invalid JSON');
      }
      received.push({ path: request.url, body });
      handle(request, response, body);
    });
  });
  return {
    server,
    received,
    answerNext: (...answers: Answer[]) => script.push(...answers),
    reset: () => {
      received.length = 0;
      script.length = 0;
    },
  };
}

/** The template message Graph accepts on the messages endpoint (text parameters only). */
const templateMessageSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^\d{8,15}$/),
  type: z.literal('template'),
  template: z.object({
    name: z.string(),
    language: z.object({ code: z.string() }),
    components: z.array(
      z.object({
        type: z.enum(['header', 'body', 'button']),
        sub_type: z.enum(['url', 'quick_reply']).optional(),
        index: z.string().optional(),
        parameters: z.array(z.object({ type: z.literal('text'), text: z.string().min(1) })),
      }),
    ),
  }),
});

/** What Graph says about a template message it cannot send, as [code, message]. */
function templateProblem(message: z.infer<typeof templateMessageSchema>): [number, string] | undefined {
  const approved = approvedTemplates.get(message.template.name);
  if (!approved || message.template.language.code !== approved.language) {
    return [132001, '(#132001) Template name does not exist in the translation'];
  }
  const components = message.template.components;
  const bodyParameters = components.find((component) => component.type === 'body')?.parameters ?? [];
  const button = components.find((component) => component.type === 'button');
  if (bodyParameters.length !== approved.bodyParameters) {
    return [132000, '(#132000) Number of parameters does not match the expected number of params'];
  }
  if (!approved.urlButton) {
    return button
      ? [132000, '(#132000) Number of parameters does not match the expected number of params']
      : undefined;
  }
  if (button?.sub_type !== 'url' || button.index !== '0' || button.parameters.length !== 1) {
    return [131008, '(#131008) Required parameter is missing'];
  }
  return undefined;
}

const prescriptionMessage: WhatsAppTemplateMessage = {
  to: '9876543210',
  template: 'prescription',
  bodyParameters: ['Asha Rao', 'Smile Dental Care', '23/11/2026'],
  linkSuffix: '3f1c2a4e-0b6d-4c1e-9a7f-5d2b8e6c4a10',
};

describe('WhatsApp Cloud API adapter against a local fake of the Graph API', () => {
  const fake = startFakeGraph();
  let apiUrl: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/${version}`;
  });
  afterAll(async () => {
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  });
  beforeEach(() => fake.reset());

  const sender = (
    options: { accessToken?: string; template?: string; apiUrl?: string; timeoutMs?: number } = {},
  ) =>
    createCloudWhatsApp({
      apiUrl: options.apiUrl ?? apiUrl,
      phoneNumberId,
      accessToken: options.accessToken ?? accessToken,
      templates: {
        prescription: { name: options.template ?? 'prescription_link', language: 'en' },
        bill: { name: 'bill_link', language: 'en' },
        estimate: { name: 'estimate_link', language: 'en' },
        booking_cancelled: { name: 'booking_cancelled', language: 'en' },
        day_summary: { name: 'day_summary', language: 'en' },
        dues_reminder: { name: 'dues_reminder', language: 'en' },
      },
      retryDelaysMs: [0, 0],
      timeoutMs: options.timeoutMs,
    });

  it('sends the approved template with the patient, clinic, date and the prescription in its button', async () => {
    const delivery = await sender().send(prescriptionMessage);

    expect(delivery).toEqual({ status: 'sent', providerMessageId: 'wamid.HBgM9198765432101' });
    expect(fake.received).toEqual([
      {
        path: `/${version}/${phoneNumberId}/messages`,
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '919876543210',
          type: 'template',
          template: {
            name: 'prescription_link',
            language: { code: 'en' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Asha Rao' },
                  { type: 'text', text: 'Smile Dental Care' },
                  { type: 'text', text: '23/11/2026' },
                ],
              },
              {
                type: 'button',
                sub_type: 'url',
                index: '0',
                parameters: [{ type: 'text', text: '3f1c2a4e-0b6d-4c1e-9a7f-5d2b8e6c4a10' }],
              },
            ],
          },
        },
      },
    ]);
  });

  it('sends a template without a button, such as a cancelled booking’s, with its body alone', async () => {
    const delivery = await sender().send({
      to: '9876543210',
      template: 'booking_cancelled',
      bodyParameters: ['Asha Rao', 'Smile Dental Care', '23/11/2026', '10:15 am'],
    });

    expect(delivery).toMatchObject({ status: 'sent' });
    expect(fake.received.map((request) => request.body)).toEqual([
      expect.objectContaining({
        template: {
          name: 'booking_cancelled',
          language: { code: 'en' },
          components: [
            {
              type: 'body',
              parameters: ['Asha Rao', 'Smile Dental Care', '23/11/2026', '10:15 am'].map((text) => ({
                type: 'text',
                text,
              })),
            },
          ],
        },
      }),
    ]);
  });

  it('reports a message WhatsApp refuses outside the 24-hour window, and does not try again', async () => {
    fake.answerNext('reengagement');
    expect(await sender().send(prescriptionMessage)).toEqual({
      status: 'failed',
      reason: 'WhatsApp refused the message (131047): Re-engagement message',
    });
    expect(fake.received).toHaveLength(1);
  });

  it.each([
    ['the number is throttled', ['throttled'], 2],
    ['the patient had a message seconds ago', ['pair-limit', 'pair-limit'], 3],
    ['Graph fails for a moment', ['server-error'], 2],
    ['a proxy in front of Graph answers 502', ['bad-gateway', 'bad-gateway'], 3],
  ] as const)('tries again when %s, and the message goes out', async (_case, answers, requests) => {
    fake.answerNext(...answers);
    expect(await sender().send(prescriptionMessage)).toMatchObject({ status: 'sent' });
    expect(fake.received).toHaveLength(requests);
  });

  it('gives up after the last retry and says why', async () => {
    fake.answerNext('throttled', 'throttled', 'throttled', 'accepted');
    expect(await sender().send(prescriptionMessage)).toEqual({
      status: 'failed',
      reason: 'WhatsApp refused the message (130429): Rate limit hit',
    });
    fake.reset();
    fake.answerNext('bad-gateway', 'bad-gateway', 'bad-gateway');
    expect(await sender().send(prescriptionMessage)).toEqual({
      status: 'failed',
      reason: 'WhatsApp answered 502 without a reason',
    });
    expect(fake.received).toHaveLength(3);
  });

  it.each([
    [
      'an unknown template',
      () => sender({ template: 'prescription_v2' }).send(prescriptionMessage),
      'WhatsApp refused the message (132001): Template name does not exist in the translation',
    ],
    [
      'a template with the wrong number of parameters',
      () => sender().send({ ...prescriptionMessage, bodyParameters: ['Asha Rao'] }),
      'WhatsApp refused the message (132000): Number of parameters does not match the expected number of params',
    ],
    [
      'an undeliverable number',
      () => {
        fake.answerNext('undeliverable');
        return sender().send(prescriptionMessage);
      },
      'WhatsApp refused the message (131026): Message Undeliverable',
    ],
    [
      'a wrong phone number id',
      () => sender({ apiUrl: `${apiUrl}/extra` }).send(prescriptionMessage),
      'WhatsApp refused the message (100): Unsupported post request. Object with ID does not exist',
    ],
  ])('never tries %s again', async (_case, send, reason) => {
    expect(await send()).toEqual({ status: 'failed', reason });
    expect(fake.received).toHaveLength(1);
  });

  it('reports a refused access token without repeating the token', async () => {
    const staleToken = 'EAAGexpiredTokenZZ';
    const delivery = await sender({ accessToken: staleToken }).send(prescriptionMessage);
    expect(delivery).toEqual({
      status: 'failed',
      reason: 'WhatsApp refused the message (190): Malformed access token [access token]',
    });
    expect(fake.received).toHaveLength(1);
  });

  it('does not count an answer without a message id as sent, nor send it twice', async () => {
    fake.answerNext('no-id');
    expect(await sender().send(prescriptionMessage)).toEqual({
      status: 'failed',
      reason: 'WhatsApp answered without a message id',
    });
    expect(fake.received).toHaveLength(1);
  });

  it('gives up on a request WhatsApp does not answer, once, without a second copy', async () => {
    fake.answerNext('hang');
    expect(await sender({ timeoutMs: 300 }).send(prescriptionMessage)).toEqual({
      status: 'failed',
      reason: 'WhatsApp did not answer within 0.3 s',
    });
    expect(fake.received).toHaveLength(1);
  });

  it('reports an unreachable API after trying again, never throwing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const attempts: string[] = [];
    const whatsapp = createCloudWhatsApp({
      apiUrl: `http://127.0.0.1:${port}/${version}`,
      phoneNumberId,
      accessToken,
      templates: {
        prescription: { name: 'prescription_link', language: 'en' },
        bill: { name: 'bill_link', language: 'en' },
        estimate: { name: 'estimate_link', language: 'en' },
        booking_cancelled: { name: 'booking_cancelled', language: 'en' },
        day_summary: { name: 'day_summary', language: 'en' },
        dues_reminder: { name: 'dues_reminder', language: 'en' },
      },
      retryDelaysMs: [0, 0],
      fetch: (input, init) => {
        attempts.push(String(input));
        return fetch(input, init);
      },
    });
    expect(await whatsapp.send(prescriptionMessage)).toEqual({
      status: 'failed',
      reason: 'WhatsApp could not be reached (ECONNREFUSED)',
    });
    expect(attempts).toHaveLength(3);
  });
});
