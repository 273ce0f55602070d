/**
 * The named states of records that several areas show, without zod, so a light page or a
 * screen's words can take them without the schemas of the area that owns them: the ways a bill
 * is paid (bills.ts) and where a message stands in the outbox (documents.ts).
 */

export const paymentModes = ['cash', 'upi', 'card'] as const;
export type PaymentMode = (typeof paymentModes)[number];
/** How the screens name each payment mode. */
export const paymentModeWords: Record<PaymentMode, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };

/**
 * Where a message stands: kept in the outbox (no WhatsApp account configured), waiting for
 * the hour's limit, accepted by WhatsApp, or refused (with the reason; sending again retries).
 */
export const outboxStatuses = ['recorded', 'waiting', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];
