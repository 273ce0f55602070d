/**
 * The WhatsApp port (architecture §6 "messaging"): one approved template message to one
 * patient. The service records every message in the outbox with its status; this port
 * only delivers. The default delivers nothing (the outbox row is the message, status
 * 'recorded'); with a WhatsApp Business account configured, the Cloud API adapter
 * (cloud-whatsapp.ts) sends the template.
 */

/** What one template message says, whoever it goes to; a message waiting in the outbox keeps it. */
export interface WhatsAppTemplate {
  /**
   * Which of the configured templates: the prescription, bill or dental estimate link, a booking
   * the clinic cancelled, the day's summary to an owner, or a patient's reminder of their dues.
   */
  template: 'prescription' | 'bill' | 'estimate' | 'booking_cancelled' | 'day_summary' | 'dues_reminder';
  /** The template body's {{1}}, {{2}} … in order. */
  bodyParameters: string[];
  /** The dynamic end of the template's URL button (the document's id); absent for a template without a button. */
  linkSuffix?: string;
}

export interface WhatsAppTemplateMessage extends WhatsAppTemplate {
  /** A 10-digit Indian mobile number, as the contract normalises it. */
  to: string;
}

export type WhatsAppDelivery =
  /** Kept in the outbox only: no account is configured. */
  | { status: 'recorded' }
  /** Accepted by WhatsApp, with the id its status webhooks will name. */
  | { status: 'sent'; providerMessageId: string }
  /** Refused or unreachable; `reason` is for the clinic's staff and the log. */
  | { status: 'failed'; reason: string };

export interface WhatsAppSender {
  send(message: WhatsAppTemplateMessage): Promise<WhatsAppDelivery>;
}

/** The embedded default: nothing leaves the machine, the outbox keeps the message. */
export const recordingWhatsApp: WhatsAppSender = {
  async send() {
    return { status: 'recorded' };
  },
};
