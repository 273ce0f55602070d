import { whatsAppLimitMessages, whatsAppSendMessages } from '@vaidya/contract/documents';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { WhatsAppDelivery, WhatsAppTemplateMessage } from '../../adapters/messaging/whatsapp';
import { defaultUsageLimits } from '../../config';
import { outboxMessages } from '../../db/schema';
import { formCalls, fullVisit } from '../consultation-forms/consultation-form-fixtures';
import { createUsageLimiter } from '../usage-limits/usage-limits.service';
import {
  createWhatsAppMessagesService,
  type SystemWhatsAppMessage,
  sendWaitingMessages,
  startWaitingMessagesDrain,
  whatsAppSendsPerDocumentDay,
} from './whatsapp-messages.service';

// The test clock starts at 2026-11-02T04:30Z: Monday 2 November, 10:00 in India.
const hourMs = 60 * 60 * 1000;
/** Small, so a test can reach it; above the 5 sends a document may have in a day. */
const perLocationHour = 7;
const limits = { ...defaultUsageLimits, whatsappSendsPerLocationHour: perLocationHour };

/** Every message handed to the WhatsApp port, as the fake Graph endpoint would receive it. */
const handed: WhatsAppTemplateMessage[] = [];
let deliver: (message: WhatsAppTemplateMessage) => Promise<WhatsAppDelivery> = async () => ({
  status: 'sent',
  providerMessageId: `wamid.${handed.length}`,
});
const whatsapp = {
  send: (message: WhatsAppTemplateMessage) => {
    handed.push(message);
    return deliver(message);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ whatsapp, limits });
});
afterAll(async () => {
  await t.close();
});

/** A clinic of its own (so its own location and limits), with the names its records hold. */
const clinic = () => createSignedInPartner(t, { name: 'Smile Dental' });

/** Moves the clock; the clinics' id tokens (an hour long) are issued again at the new time. */
async function advance(milliseconds: number, ...clinics: SignedInPartner[]) {
  t.clock.advance(milliseconds);
  for (const signedIn of clinics) {
    const { idToken } = await t.tokens.issue({
      userId: signedIn.userId,
      email: signedIn.email,
      sessionId: signedIn.sessionId,
      authTime: t.clock.now(),
    });
    signedIn.headers = { authorization: `Bearer ${idToken}` };
  }
}

/** The two documents staff send, each created with the patient Asha Verma at 98220 11001. */
const documents = {
  prescription: {
    path: '/api/consultation-form',
    idField: 'prescriptionId',
    words: 'Prescription',
    create: async (owner: SignedInPartner, app = t): Promise<string> =>
      (await formCalls(app).add(owner, fullVisit())).json().data.id,
  },
  bill: {
    path: '/api/bill',
    idField: 'billId',
    words: 'Bill',
    create: async (owner: SignedInPartner, app = t): Promise<string> => {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/bill/add-bill',
        headers: owner.headers,
        payload: {
          locationId: owner.locationId,
          customerName: 'Asha Verma',
          customerMobile: '98220 11001',
          items: [{ name: 'Consultation', quantity: 1, unitPrice: 500 }],
        },
      });
      return response.json().data.id;
    },
  },
} as const;
type DocumentKind = keyof typeof documents;

/** The spec's payload, naming someone else and other words than the records hold. */
const forged = {
  mobileNumber: '9000000001',
  patientName: 'Someone Else',
  partnerName: 'Free Prizes Ltd',
  date: '01/01/2030',
};

const send = (kind: DocumentKind, owner: SignedInPartner, id: string, payload: object = forged, app = t) =>
  app.app.inject({
    method: 'POST',
    url: `${documents[kind].path}/send-message`,
    headers: owner.headers,
    payload: { ...payload, [documents[kind].idField]: id },
  });

const rowsAbout = (id: string) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.reference_id, id));

describe.each(['prescription', 'bill'] as const)('sending a %s: who gets it and what it says', (kind) => {
  it('goes to the mobile number on the document with the names on record, whatever the request says', async () => {
    const owner = await clinic();
    const id = await documents[kind].create(owner);
    const response = await send(kind, owner, id);
    expect(response.statusCode).toBe(200);
    const body = `${documents[kind].words} for Asha Verma from Smile Dental, 02/11/2026: /${kind}/${id}`;
    expect(response.json().data).toMatchObject({ recipient: '9822011001', status: 'sent', body });
    expect(response.json().message).toBe('Message sent successfully');
    const message = {
      template: kind,
      bodyParameters: ['Asha Verma', 'Smile Dental', '02/11/2026'],
      linkSuffix: id,
    };
    expect(handed.at(-1)).toEqual({ to: '9822011001', ...message });
    expect(await rowsAbout(id)).toEqual([
      expect.objectContaining({
        recipient: '9822011001',
        body,
        partner_id: owner.partnerId,
        location_id: owner.locationId,
        template_message: message,
        status: 'sent',
      }),
    ]);
  });

  it('needs only the document’s id', async () => {
    const owner = await clinic();
    const id = await documents[kind].create(owner);
    const response = await send(kind, owner, id, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data.recipient).toBe('9822011001');
  });
});

describe('sending with no WhatsApp account configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ limits });
  });
  afterAll(async () => {
    await bare.close();
  });

  it.each(['prescription', 'bill'] as const)(
    'keeps the %s’s message in the outbox and says it was not sent',
    async (kind) => {
      const owner = await createSignedInPartner(bare, { name: 'Smile Dental' });
      const id = await documents[kind].create(owner, bare);
      const response = await send(kind, owner, id, forged, bare);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Not sent: WhatsApp is not set up; the message is kept in the outbox.',
        data: { recipient: '9822011001', status: 'recorded', error: null },
      });
      expect(response.json().message).toBe(whatsAppSendMessages.notSent);
    },
  );
});

describe.each(['prescription', 'bill'] as const)('how often one %s may be sent', (kind) => {
  it('is 5 times a day: the 6th answers 429 and stores nothing; the next day it may be sent again', async () => {
    const owner = await clinic();
    const id = await documents[kind].create(owner);
    const other = await documents[kind].create(owner);
    for (let sent = 0; sent < whatsAppSendsPerDocumentDay; sent += 1) {
      expect((await send(kind, owner, id)).statusCode).toBe(200);
    }
    const before = handed.length;
    const refused = await send(kind, owner, id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: whatsAppLimitMessages.documentSentTooOften(kind, whatsAppSendsPerDocumentDay),
      code: 'RATE_LIMITED',
    });
    expect(refused.json().message).toBe(
      `This ${kind} has already been sent on WhatsApp 5 times today, the most one day allows.`,
    );
    expect(await rowsAbout(id)).toHaveLength(whatsAppSendsPerDocumentDay);
    expect(handed.length).toBe(before);
    // Another document of the clinic's has its own count.
    expect((await send(kind, owner, other)).statusCode).toBe(200);

    await advance(24 * hourMs, owner);
    expect((await send(kind, owner, id)).statusCode).toBe(200);
    expect(await rowsAbout(id)).toHaveLength(whatsAppSendsPerDocumentDay + 1);
  });
});

describe('how many messages one location may send in an hour (limits.whatsappSendsPerLocationHour)', () => {
  it('answers 429 past the limit, stores nothing and counts nothing; the next hour allows again', async () => {
    const owner = await clinic();
    const prescription = await documents.prescription.create(owner);
    const bill = await documents.bill.create(owner);
    for (let sent = 0; sent < 5; sent += 1)
      expect((await send('prescription', owner, prescription)).statusCode).toBe(200);
    for (let sent = 0; sent < 2; sent += 1) expect((await send('bill', owner, bill)).statusCode).toBe(200);
    const before = handed.length;
    for (let tries = 0; tries < 3; tries += 1) {
      const refused = await send('bill', owner, bill);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: whatsAppLimitMessages.locationBusy(perLocationHour),
        code: 'RATE_LIMITED',
      });
    }
    expect(whatsAppLimitMessages.locationBusy(200)).toBe(
      'This location has already sent 200 WhatsApp messages this hour, the most one hour allows. Please try again later.',
    );
    expect(await rowsAbout(bill)).toHaveLength(2);
    expect(handed.length).toBe(before);

    // Another clinic's location is not held back.
    const neighbour = await clinic();
    expect((await send('bill', neighbour, await documents.bill.create(neighbour))).statusCode).toBe(200);

    await advance(hourMs, owner);
    // The three refused sends did not count against the bill's day: it has 3 of its 5 left.
    for (let sent = 0; sent < 3; sent += 1) expect((await send('bill', owner, bill)).statusCode).toBe(200);
    expect((await send('bill', owner, bill)).statusCode).toBe(429);
    expect(await rowsAbout(bill)).toHaveLength(5);
  });
});

describe('messages the system sends by itself', () => {
  const service = () =>
    createWhatsAppMessagesService({
      db: t.database.db,
      whatsapp,
      usageLimiter: createUsageLimiter({ db: t.database.db, clock: t.clock.now }),
      limits,
      publicUrl: '',
    });
  const drainDeps = () => ({
    db: t.database.db,
    whatsapp,
    usageLimiter: createUsageLimiter({ db: t.database.db, clock: t.clock.now }),
    limits,
  });
  const systemMessage = (owner: SignedInPartner, index: number): SystemWhatsAppMessage => ({
    partnerId: owner.partnerId,
    locationId: owner.locationId,
    referenceId: null,
    to: '9822011001',
    template: {
      template: 'prescription',
      bodyParameters: [`Patient ${index}`, 'Smile Dental', '02/11/2026'],
      linkSuffix: `${index}`,
    },
    body: `System message ${index}`,
  });
  /** How many of the location's messages stand at each status. */
  const statusesAt = async (owner: SignedInPartner) => {
    const rows = await t.database.db
      .select({ status: outboxMessages.status, count: count() })
      .from(outboxMessages)
      .where(eq(outboxMessages.location_id, owner.locationId))
      .groupBy(outboxMessages.status);
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  };

  it('wait in the outbox past the location’s limit, and the drain sends them once the hour allows, oldest first', async () => {
    const busy = await clinic();
    const quiet = await clinic();
    const messages = service();
    for (let index = 0; index < perLocationHour; index += 1) {
      expect((await messages.sendBySystem(systemMessage(busy, index))).status).toBe('sent');
    }
    const before = handed.length;
    // Past the limit: never refused, never handed to WhatsApp, kept waiting with what it will send.
    for (let index = perLocationHour; index < perLocationHour + 9; index += 1) {
      expect(await messages.sendBySystem(systemMessage(busy, index))).toMatchObject({
        status: 'waiting',
        recipient: '9822011001',
        body: `System message ${index}`,
      });
    }
    for (let index = 0; index < perLocationHour; index += 1)
      await messages.sendBySystem(systemMessage(quiet, 100 + index));
    await messages.sendBySystem(systemMessage(quiet, 200));
    expect(handed.length).toBe(before + perLocationHour);
    const [waiting] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.location_id, busy.locationId), eq(outboxMessages.body, 'System message 7')),
      );
    expect(waiting).toMatchObject({ status: 'waiting', template_message: systemMessage(busy, 7).template });

    // The staff's own sends share the location's count: refused, as the hour is used up.
    const prescription = await documents.prescription.create(busy);
    expect((await send('prescription', busy, prescription)).statusCode).toBe(429);

    // Within the same hour, the drain sends nothing.
    expect(await sendWaitingMessages(drainDeps())).toBe(0);
    expect(await statusesAt(busy)).toEqual({ sent: perLocationHour, waiting: 9 });

    // The next hour: the busy location's oldest 7 go, its last 2 wait again; the quiet one is not held back by it.
    await advance(hourMs, busy);
    const handedBefore = handed.length;
    expect(await sendWaitingMessages(drainDeps())).toBe(perLocationHour + 1);
    expect(handed.slice(handedBefore).map((message) => message.linkSuffix)).toEqual([
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '200',
    ]);
    expect(handed.at(-1)).toEqual({ to: '9822011001', ...systemMessage(quiet, 200).template });
    expect(await statusesAt(busy)).toEqual({ sent: 2 * perLocationHour, waiting: 2 });
    expect(await statusesAt(quiet)).toEqual({ sent: perLocationHour + 1 });
    // The drain used the hour up: the staff are refused again until the next.
    expect((await send('prescription', busy, prescription)).statusCode).toBe(429);

    await advance(hourMs, busy);
    expect(await sendWaitingMessages(drainDeps())).toBe(2);
    expect(await statusesAt(busy)).toEqual({ sent: 2 * perLocationHour + 2 });
    expect((await send('prescription', busy, prescription)).statusCode).toBe(200);
  });

  it('keeps a waiting message that WhatsApp then refuses as failed, with the reason', async () => {
    const owner = await clinic();
    const messages = service();
    for (let index = 0; index < perLocationHour; index += 1)
      await messages.sendBySystem(systemMessage(owner, index));
    const stored = await messages.sendBySystem(systemMessage(owner, 99));
    expect(stored.status).toBe('waiting');
    await advance(hourMs);
    deliver = async () => ({ status: 'failed', reason: 'Recipient phone number not in allowed list' });
    try {
      await sendWaitingMessages(drainDeps());
    } finally {
      deliver = async () => ({ status: 'sent', providerMessageId: `wamid.${handed.length}` });
    }
    const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, stored.id));
    expect(row).toMatchObject({ status: 'failed', error: 'Recipient phone number not in allowed list' });
  });

  it('are sent by the drain main.ts runs, at once and then periodically; stopping waits for the message on its way', async () => {
    const owner = await clinic();
    const messages = service();
    for (let index = 0; index < perLocationHour; index += 1)
      await messages.sendBySystem(systemMessage(owner, index));
    const stored = await messages.sendBySystem(systemMessage(owner, 300));
    await advance(hourMs);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let onItsWay = () => {};
    const handedToWhatsApp = new Promise<void>((resolve) => (onItsWay = resolve));
    deliver = async () => {
      onItsWay();
      await held;
      return { status: 'sent', providerMessageId: 'wamid.drained' };
    };
    const handedBefore = handed.length;
    const drain = startWaitingMessagesDrain({ db: t.database.db, whatsapp, clock: t.clock.now, limits });
    try {
      await handedToWhatsApp;
      expect(handed.length).toBe(handedBefore + 1);
      let stopped = false;
      const stopping = drain.stop().then(() => {
        stopped = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped).toBe(false);
      release();
      await stopping;
    } finally {
      release();
      await drain.stop();
      deliver = async () => ({ status: 'sent', providerMessageId: `wamid.${handed.length}` });
    }
    const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, stored.id));
    expect(row).toMatchObject({ status: 'sent', provider_message_id: 'wamid.drained' });
  });
});
