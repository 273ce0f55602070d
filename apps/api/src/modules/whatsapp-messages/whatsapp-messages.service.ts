import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { type OutboxMessage, whatsAppLimitMessages } from '@vaidya/contract/documents';
import type {
  WhatsAppDelivery,
  WhatsAppSender,
  WhatsAppTemplate,
  WhatsAppTemplateMessage,
} from '../../adapters/messaging/whatsapp';
import type { Clock } from '../../clock';
import type { UsageLimits } from '../../config';
import type { Db } from '../../db/database';
import type { outboxMessages } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type RepeatingPass, startRepeatingPass } from '../../repeating-pass';
import { type AuditActor, recordAuditEvent } from '../audit/audit-trail';
import { createUsageLimiter, type UsageLimit, type UsageLimiter } from '../usage-limits/usage-limits.service';
import {
  claimWaitingMessage,
  findPartnerName,
  finishOutboxMessage,
  insertOutboxMessage,
  listMessagesOf,
  lockOldestWaitingMessage,
  type OutboxRow,
} from './whatsapp-messages.repository';

/** How often the staff may send one document in a day: enough to resend after a wrong number, too few to spam. */
export const whatsAppSendsPerDocumentDay = 5;

/** A document as its record holds it: what a message about it says and to whom it goes. */
export interface DocumentOnRecord {
  id: string;
  /** The location the document was written at, whose hourly limit the message counts against. */
  locationId: string;
  /** The patient's mobile number on the document: the only recipient. */
  mobile: string;
  /** The patient the document is of, for the audit trail. */
  patientId: string | null;
  patientName: string;
  /** The document's own date, 'YYYY-MM-DD'. */
  date: string;
}

/**
 * One kind of document the clinic's staff send to its patient on WhatsApp (prescription,
 * bill): how to load it and what its message says. The recipient and every word printed
 * come from the records, never from the request.
 */
export interface MessagedDocument {
  template: WhatsAppTemplate['template'];
  /** What sentences call it, as its 404 does: 'Prescription'. */
  label: string;
  /** The caller's live document, or its 404. */
  load(partnerId: string, id: string): Promise<DocumentOnRecord>;
  /** The page the message links to, from the app's address: '/prescription/<id>'. */
  path(id: string): string;
  /** The outbox's readable copy of the message (the template's words with its link). */
  body(message: { patientName: string; partnerName: string; date: string; link: string }): string;
  /** What the staff are told when WhatsApp did not take the message. */
  failed: string;
}

/** A message the system sends by itself (a cancelled booking …): never refused, it waits instead. */
export interface SystemWhatsAppMessage {
  partnerId: string;
  locationId: string;
  /** The record the message is about, so that record's message history lists it. */
  referenceId: string | null;
  /** A 10-digit mobile number from the records. */
  to: string;
  template: WhatsAppTemplate;
  /** The outbox's readable copy of the message. */
  body: string;
}

interface Deps {
  db: Db;
  whatsapp: WhatsAppSender;
  usageLimiter: UsageLimiter;
  limits: Pick<UsageLimits, 'whatsappSendsPerLocationHour'>;
}

/**
 * WhatsApp messages in the clinic's name (decision 021, issue 18): every attempt is an
 * outbox row with how it ended. The staff send a document to the mobile number on it, at
 * most `whatsAppSendsPerDocumentDay` times a day per document and
 * `limits.whatsappSendsPerLocationHour` an hour per location, each past its limit a 429
 * that stores nothing. A message the system sends by itself past the location's limit
 * waits in the outbox; `sendWaitingMessages` sends it once the hour allows.
 */
export function createWhatsAppMessagesService(deps: Deps & { publicUrl: string }) {
  const { db, usageLimiter } = deps;
  const locationLimit = locationSendLimit(deps.limits);

  /**
   * Sends a message the staff asked for at once, in the audit trail as `sender`'s: counted
   * against `limit` for its record and the location's hour, 429 past either (nothing stored);
   * 502 with `failed` when WhatsApp did not take it.
   */
  async function sendForStaff(
    sender: AuditActor,
    send: {
      message: SystemWhatsAppMessage & { referenceId: string };
      limit: UsageLimit;
      patientId: string | null;
      /** What the audit trail keeps of the record besides the template. */
      document?: { document_id: string };
      failed: string;
    },
  ): Promise<OutboxMessage> {
    const { message } = send;
    // Both counts and the row commit together: a refusal by either leaves no trace.
    const row = await db.transaction(async (tx) => {
      await usageLimiter.take(send.limit, message.referenceId, tx, message.partnerId);
      await usageLimiter.take(locationLimit, message.locationId, tx);
      const recorded = await insertOutboxMessage(tx, outboxValues(message, 'recorded'));
      await recordAuditEvent(tx, sender, {
        action: 'sent',
        recordType: 'message',
        recordId: recorded.id,
        patientId: send.patientId,
        locationId: message.locationId,
        changes: { after: { template: message.template.template, ...send.document } },
      });
      return recorded;
    });
    const finished = await deliverAndRecord(deps, row.id, { to: message.to, ...message.template });
    if (finished.status === 'failed') throw new AppError('MESSAGE_FAILED', send.failed);
    return toOutboxMessage(finished);
  }

  return {
    /** Sending and listing one kind of document's messages, for the staff of the document's clinic. */
    ofDocument(document: MessagedDocument) {
      const documentLimit: UsageLimit = {
        scope: `whatsapp-sends-${document.template}`,
        max: whatsAppSendsPerDocumentDay,
        per: 'day',
        refusal: whatsAppLimitMessages.documentSentTooOften(
          document.label.toLowerCase(),
          whatsAppSendsPerDocumentDay,
        ),
      };

      return {
        /**
         * Sends the document to its patient, in the audit trail as `sender`'s; 429 past a limit
         * (nothing stored), 502 when WhatsApp did not take it.
         */
        async send(sender: AuditActor, id: string): Promise<OutboxMessage> {
          const { partnerId } = sender;
          const record = await document.load(partnerId, id);
          const partnerName = await findPartnerName(db, partnerId);
          if (partnerName === undefined) throw new Error(`partner ${partnerId} not found`);
          const date = calendarDateEnGb(record.date);
          const message = {
            partnerId,
            locationId: record.locationId,
            referenceId: record.id,
            to: record.mobile,
            template: {
              template: document.template,
              bodyParameters: [record.patientName, partnerName, date],
              linkSuffix: record.id,
            },
            body: document.body({
              patientName: record.patientName,
              partnerName,
              date,
              link: `${deps.publicUrl}${document.path(record.id)}`,
            }),
          };
          return sendForStaff(sender, {
            message,
            limit: documentLimit,
            patientId: record.patientId,
            document: { document_id: record.id },
            failed: document.failed,
          });
        },

        /** The document's messages, newest first. */
        async list(partnerId: string, id: string): Promise<OutboxMessage[]> {
          const record = await document.load(partnerId, id);
          const rows = await listMessagesOf(db, { partnerId, referenceId: record.id });
          return rows.map(toOutboxMessage);
        },
      };
    },

    /**
     * Sends the staff's message about a patient's own records (a dues reminder) at once, its
     * `referenceId` the patient's id: at most `limit` per patient, 429 past it (and past the
     * location's hour); 502 with `failed` when WhatsApp did not take it.
     */
    sendAboutPatient(
      sender: AuditActor,
      send: { message: SystemWhatsAppMessage & { referenceId: string }; limit: UsageLimit; failed: string },
    ): Promise<OutboxMessage> {
      return sendForStaff(sender, { ...send, patientId: send.message.referenceId });
    },

    /**
     * Sends a message of the system's own; past the location's hourly limit it is stored
     * 'waiting' and goes out later. Never throws for a limit or a failed delivery: the row
     * says how it ended.
     */
    async sendBySystem(message: SystemWhatsAppMessage): Promise<OutboxMessage> {
      const row = await db.transaction(async (tx) => {
        const allowed = await takeUnlessRefused(usageLimiter, locationLimit, message.locationId, tx);
        return insertOutboxMessage(tx, outboxValues(message, allowed ? 'recorded' : 'waiting'));
      });
      if (row.status === 'waiting') return toOutboxMessage(row);
      return toOutboxMessage(await deliverAndRecord(deps, row.id, { to: message.to, ...message.template }));
    },

    /**
     * Puts a message of the system's own in the outbox within the caller's transaction, as
     * 'waiting': it exists only if that transaction commits, and the drain sends it then, within
     * a minute and as the location's hour allows (a change that cancels many bookings at once
     * sends no more in an hour than any other). Answers the row as queued.
     */
    async queueBySystem(tx: Db, message: SystemWhatsAppMessage): Promise<OutboxMessage> {
      return toOutboxMessage(await insertOutboxMessage(tx, outboxValues(message, 'waiting')));
    },
  };
}

export type WhatsAppMessagesService = ReturnType<typeof createWhatsAppMessagesService>;

/**
 * Sends the waiting messages, oldest first, each once its location's hour allows it (and
 * counted against it); a location still at its limit keeps its messages for a later pass.
 * Every process may run it: a message one claims, the others pass over. Answers how many went.
 */
export async function sendWaitingMessages(deps: Deps): Promise<number> {
  const locationLimit = locationSendLimit(deps.limits);
  const atLimit: string[] = [];
  let handed = 0;
  for (;;) {
    const next = await deps.db.transaction(async (tx) => {
      const waiting = await lockOldestWaitingMessage(tx, atLimit);
      if (!waiting) return undefined;
      const allowed = await takeUnlessRefused(deps.usageLimiter, locationLimit, waiting.locationId, tx);
      return allowed ? await claimWaitingMessage(tx, waiting.id) : { atLimit: waiting.locationId };
    });
    if (!next) return handed;
    if ('atLimit' in next) {
      atLimit.push(next.atLimit);
      continue;
    }
    await deliverAndRecord(deps, next.id, { to: next.recipient, ...next.template });
    handed += 1;
  }
}

/** Every minute, and at once, sends what waits; main.ts stops it on shutdown. */
export function startWaitingMessagesDrain(deps: {
  db: Db;
  whatsapp: WhatsAppSender;
  clock: Clock;
  limits: Deps['limits'];
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): RepeatingPass {
  const usageLimiter = createUsageLimiter({ db: deps.db, clock: deps.clock });
  return startRepeatingPass({
    pass: () => sendWaitingMessages({ ...deps, usageLimiter }),
    intervalMs: deps.intervalMs ?? 60_000,
    onError: deps.onError,
  });
}

const locationSendLimit = (limits: Deps['limits']): UsageLimit => ({
  scope: 'whatsapp-sends-location',
  max: limits.whatsappSendsPerLocationHour,
  per: 'hour',
  refusal: whatsAppLimitMessages.locationBusy(limits.whatsappSendsPerLocationHour),
});

/**
 * Counts one use of `limit` when it allows one; false past it. The use counted past the
 * limit stays, harmless: the window is at its limit already and it is only ever compared with it.
 */
function takeUnlessRefused(usageLimiter: UsageLimiter, limit: UsageLimit, subject: string, tx: Db) {
  return usageLimiter.take(limit, subject, tx).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.message === limit.refusal) return false;
      throw error;
    },
  );
}

function outboxValues(
  message: SystemWhatsAppMessage,
  status: 'recorded' | 'waiting',
): typeof outboxMessages.$inferInsert {
  return {
    partner_id: message.partnerId,
    location_id: message.locationId,
    channel: 'whatsapp',
    recipient: message.to,
    reference_id: message.referenceId,
    template_message: message.template,
    body: message.body,
    status,
  };
}

/** Hands a recorded row's message to WhatsApp and records how it ended. */
async function deliverAndRecord(
  deps: Pick<Deps, 'db' | 'whatsapp'>,
  id: string,
  message: WhatsAppTemplateMessage,
): Promise<OutboxRow> {
  const delivery = await deliver(deps.whatsapp, message);
  return finishOutboxMessage(deps.db, {
    id,
    status: delivery.status,
    error: delivery.status === 'failed' ? delivery.reason : null,
    provider_message_id: delivery.status === 'sent' ? delivery.providerMessageId : null,
  });
}

/** A sender that throws has failed all the same: the outbox keeps why, and the clinic may retry. */
async function deliver(
  whatsapp: WhatsAppSender,
  message: WhatsAppTemplateMessage,
): Promise<WhatsAppDelivery> {
  try {
    return await whatsapp.send(message);
  } catch (error) {
    return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

const toOutboxMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  recipient: row.recipient,
  status: row.status,
  error: row.error,
  body: row.body,
  created_at: row.created_at.toISOString(),
});
