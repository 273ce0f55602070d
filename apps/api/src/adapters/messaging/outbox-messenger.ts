import type { Db } from '../../db/database';
import { outboxMessages } from '../../db/schema';
import type { Messenger } from './messenger';

/**
 * The default messenger sends nothing: it keeps every message in the outbox
 * table. With `echo` (development) it also prints the message to the log, so
 * a developer can read a sign-up or reset code without a mail server.
 */
export function createOutboxMessenger(options: { db: Db; echo?: (line: string) => void }): Messenger {
  return {
    async send(message) {
      await options.db.insert(outboxMessages).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.text,
        partner_id: message.partnerId ?? null,
      });
      options.echo?.(`[outbox] ${message.channel} to ${message.to}: ${message.text}`);
    },
  };
}
