import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { calendarDateSchema } from './schedule';

/**
 * The waiting-room TV (issue 12): a TV opens /tv, shows a pairing code, staff pair it
 * with one queue, and it shows that queue's tokens live. The TV's token (kept in its
 * local storage) reads its own display and nothing else.
 */

export const tvMessages = {
  paired: 'TV paired successfully',
  unpaired: 'TV unpaired',
  /** One sentence for a wrong, expired or already used code: a guesser learns nothing. */
  invalidCode: 'This code is not valid. Please check the code on the TV, or reload the TV for a new one.',
  tooManyAttempts: 'Too many pairing attempts. Please wait a minute and try again.',
  invalidCodeFormat: 'Pairing code must be the 6 letters and digits shown on the TV',
  calledNext: 'Next token called',
  notPaired: 'This TV is not paired any more',
} as const;

/** Letters and digits a TV shows and staff type without mixing them up (no 0/O, 1/I/L). */
export const pairingCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const pairingCodeLength = 6;
/** How long a code stays good: the TV asks for a new one after that. */
export const pairingCodeLifetimeSeconds = 10 * 60;

export const pairingCodeSchema = z
  .string({ error: tvMessages.invalidCodeFormat })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .length(pairingCodeLength, tvMessages.invalidCodeFormat)
      .refine(
        (value) => [...value].every((char) => pairingCodeAlphabet.includes(char)),
        tvMessages.invalidCodeFormat,
      ),
  );

// ── The TV's side (public, with its own token) ───────────────────────────────

/** POST /api/public/tv/register → a new TV: its secret token (shown once) and its first code. */
export const tvRegistrationSchema = z.object({
  token: z.string(),
  pairing_code: z.string(),
  code_expires_at: z.string(),
});
export type TvRegistration = z.infer<typeof tvRegistrationSchema>;
export const tvRegistrationResponse = dataEnvelope(tvRegistrationSchema);

/** One token of the queue as the room sees it: no mobile number, a first name at most. */
export const tvTokenSchema = z.object({ token_number: z.number().int(), patient: z.string() });

/**
 * GET /api/public/tv/display (Authorization: Bearer <TV token>) and each event of
 * GET /api/public/tv/stream?token=…: what the TV shows now.
 */
/** A queue's day as the room sees it: the paired TV's display, and what calling the next token answers. */
export const tvQueueDisplaySchema = z.object({
  status: z.literal('paired'),
  clinic_name: z.string(),
  location_name: z.string(),
  queue_name: z.string(),
  date: calendarDateSchema,
  /** The clinic's IANA time zone: the TV's clock shows its time. */
  time_zone: z.string(),
  /** The token called most recently, until the next call (queueLineOf in bookings.ts); null when none. */
  now_serving: tvTokenSchema.nullable(),
  /** Every token waiting to be called (showed up), in the order they are called; the TV lists what fits. */
  next: z.array(tvTokenSchema),
});
export type TvQueueDisplay = z.infer<typeof tvQueueDisplaySchema>;

export const tvDisplaySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting'), pairing_code: z.string(), code_expires_at: z.string() }),
  tvQueueDisplaySchema,
]);
export type TvDisplay = z.infer<typeof tvDisplaySchema>;
export const tvDisplayResponse = dataEnvelope(tvDisplaySchema);

export { tvDisplayEventName } from './tv-paths';
export const tvStreamQuery = z.object({ token: z.string().min(1).max(200) });

// ── The clinic's side (signed in) ────────────────────────────────────────────

/** POST /api/tv/pair. */
export const pairTvBody = z.object({
  code: pairingCodeSchema,
  locationId: z.uuid(),
  queueId: z.uuid(),
});
export type PairTvBody = z.input<typeof pairTvBody>;

export const pairedTvSchema = z.object({
  id: z.uuid(),
  location_id: z.uuid(),
  location_name: z.string(),
  queue_id: z.uuid(),
  queue_name: z.string(),
  paired_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type PairedTv = z.infer<typeof pairedTvSchema>;
export const pairedTvResponse = dataEnvelope(pairedTvSchema);
/** GET /api/tv/list: the clinic's paired TVs. */
export const pairedTvsResponse = dataEnvelope(z.array(pairedTvSchema));
/** DELETE /api/tv/unpair?id. */
export const unpairTvQuery = z.object({ id: z.uuid() });
export const unpairTvResponse = dataEnvelope(z.object({ id: z.uuid() }));

/**
 * PUT /api/call-next-token: completes the token now being served and calls the lowest-numbered
 * one waiting; with nobody waiting it still completes the served one and answers 409.
 */
export const callNextTokenBody = z.object({ queueId: z.uuid(), date: calendarDateSchema });
export const callNextTokenResponse = dataEnvelope(tvQueueDisplaySchema);

/**
 * The TV's and the clinic's calls. The TV's stream is no entry here (apps/api tv.routes.ts):
 * it answers server-sent events, not one JSON answer (`tvPaths`).
 */
export const tvEndpoints = {
  display: endpoint({
    method: 'GET',
    path: '/public/tv/display',
    summary: "What the TV shows now: its pairing code while waiting, its queue's tokens once paired",
    tags: ['tv'],
    access: 'tv',
    response: tvDisplayResponse,
  }),
  register: endpoint({
    method: 'POST',
    path: '/public/tv/register',
    summary: 'A new waiting-room TV: its secret token (kept by the TV) and its first pairing code',
    tags: ['tv'],
    access: 'public',
    response: tvRegistrationResponse,
    status: 201,
    // A TV registers once and keeps its token; a few reloads of a fresh browser fit, a flood does not.
    rateLimit: { max: 10, per: 'minute' },
  }),
  /**
   * Limited to ten attempts a minute per person and per address, with `tvMessages.tooManyAttempts`:
   * counters keyed by the caller, which `rateLimit` (per address) does not say, hence the 429 here.
   */
  pair: endpoint({
    method: 'POST',
    path: '/tv/pair',
    summary: 'Pairs the TV showing this code with a queue of the clinic; a code pairs once',
    tags: ['tv'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: pairTvBody,
    response: pairedTvResponse,
    refusals: [404, 429],
  }),
  list: endpoint({
    method: 'GET',
    path: '/tv/list',
    summary: "The clinic's paired TVs",
    tags: ['tv'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    response: pairedTvsResponse,
  }),
  unpair: endpoint({
    method: 'DELETE',
    path: '/tv/unpair',
    summary: 'Unpairs a TV of the clinic; it shows a new pairing code',
    tags: ['tv'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    query: unpairTvQuery,
    response: unpairTvResponse,
    refusals: [404],
  }),
  // A queue action is never refused for money: what the wallet cannot cover is owed (decision 027).
  callNext: endpoint({
    method: 'PUT',
    path: '/call-next-token',
    summary:
      "Completes the token now being served in a queue's day, so the next one who has shown up is called; an online booking not charged yet is charged",
    tags: ['bookings'],
    access: 'signed-in',
    body: callNextTokenBody,
    response: callNextTokenResponse,
    refusals: [404, 409],
  }),
};
