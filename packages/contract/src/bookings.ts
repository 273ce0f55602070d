import { z } from 'zod';
import { type Endpoint, endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { indianMobileSchema } from './mobile';
import { patientNameMaxLength } from './name-lengths';
import { calendarDateSchema, scheduleMessages } from './schedule';
import { bookingsInPeriodQuery } from './schedule-changes';
import { requiredText } from './text';

/** The sentences of the booking calls that the server and the screens share. */
export const bookingMessages = {
  booked: 'Booking confirmed',
  slotTaken: 'This slot has just been booked. Please choose another.',
  tokenCalled: (token: number) => `Token ${token} called`,
  tokenCompleted: (token: number) => `Token ${token} done`,
  tokenMarkedNoShow: (token: number) => `Token ${token} marked as not come`,
  tokenReturnedToWaiting: (token: number) => `Token ${token} is waiting again`,
  /** Call next with nobody waiting: the token served is completed all the same. */
  nobodyArrived: 'No patient has arrived yet.',
  showedUpMarked: 'Marked as showed up',
  showedUpCleared: 'Marked as not showed up',
  cancelled: 'Booking cancelled',
  nameUpdated: 'Name updated successfully',
  timeUpdated: 'Booking moved successfully',
  patientSaved: 'Patient saved successfully',
  invalidAge: 'Age must be a whole number from 0 to 130',
  invalidGender: 'Gender must be male, female or other',
} as const;

/** What the not-found answers call each record: "Booking not found". */
export const bookingRecordLabels = { booking: 'Booking', queue: 'Queue', location: 'Location' } as const;

/** Where the forms read it, beside the schemas that use it. */
export { patientNameMaxLength };

/**
 * A token's place in the queue: booked → showed_up (arrived, waiting) → called (being seen) →
 * completed; or no_show, or cancelled. The token called most recently is the one served.
 */
export const slotStatuses = ['booked', 'showed_up', 'called', 'completed', 'no_show', 'cancelled'] as const;
export const slotStatusSchema = z.enum(slotStatuses);
export type SlotStatus = z.infer<typeof slotStatusSchema>;
/** The states of a token whose patient is still to be seen: the day's open queue. */
export const openSlotStatuses = ['booked', 'showed_up', 'called'] as const satisfies readonly SlotStatus[];
export const slotSourceSchema = z.enum(['front_desk', 'online']);
export type SlotSource = z.infer<typeof slotSourceSchema>;
export const patientGenderSchema = z.enum(['male', 'female', 'other'], {
  error: bookingMessages.invalidGender,
});
export type PatientGender = z.infer<typeof patientGenderSchema>;

/** A patient of the partner, found by mobile number. */
export const patientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mobile: z.string(),
  age: z.number().int().nullable(),
  gender: patientGenderSchema.nullable(),
});
export type Patient = z.infer<typeof patientSchema>;

/**
 * A booking: one start time of a queue on a date, with its token number (1, 2, 3 … per
 * queue and date, in the order booked, kept when the booking moves) and its patient.
 */
export const slotSchema = z.object({
  id: z.uuid(),
  queue_id: z.uuid(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  token_number: z.number().int(),
  status: slotStatusSchema,
  source: slotSourceSchema,
  customer: patientSchema,
  /** When the patient arrived, was last called, was seen to the end, was marked not come (ISO times). */
  showed_up_at: z.string().nullable(),
  called_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  no_show_at: z.string().nullable(),
});
export type Slot = z.infer<typeof slotSchema>;

/**
 * The moves of one token in the queue (issue 19), from the states each allows, and their calls
 * (`tokenMoveEndpoints`). Calling completes the token being served first; a token sent back to
 * waiting (or one marked not come who arrives after all) waits again for its turn.
 */
export const tokenMoves = {
  call: { from: ['booked', 'showed_up', 'no_show'], to: 'called' },
  complete: { from: ['showed_up', 'called'], to: 'completed' },
  markNoShow: { from: ['booked', 'showed_up', 'called'], to: 'no_show' },
  returnToWaiting: { from: ['called', 'no_show'], to: 'showed_up' },
} as const satisfies Record<string, { from: readonly SlotStatus[]; to: SlotStatus }>;
export type TokenMove = keyof typeof tokenMoves;

/** What each move of a token answers once made. */
export const tokenMoveMessages: Record<TokenMove, (token: number) => string> = {
  call: bookingMessages.tokenCalled,
  complete: bookingMessages.tokenCompleted,
  markNoShow: bookingMessages.tokenMarkedNoShow,
  returnToWaiting: bookingMessages.tokenReturnedToWaiting,
};

/** Whether a token in `status` may make the move (the API answers 409 otherwise). */
export const canMoveToken = (move: TokenMove, status: SlotStatus) =>
  (tokenMoves[move].from as readonly SlotStatus[]).includes(status);

/** What the queue's order needs of a token: its number, its state and when it was last called. */
interface QueueToken {
  token_number: number;
  status: SlotStatus;
  called_at: string | Date | null;
}

/**
 * One rule for the API, the waiting-room TV and the bookings screen: the token served is the
 * `called` one called most recently, and it stays so until the next call; the ones waiting are
 * the `showed_up` tokens in token order, the first of them called next.
 */
export function queueLineOf<T extends QueueToken>(tokens: readonly T[]): { serving: T | null; waiting: T[] } {
  const calledAt = (token: T) => (token.called_at === null ? 0 : new Date(token.called_at).getTime());
  const serving = tokens
    .filter((token) => token.status === 'called')
    .reduce<T | null>(
      (latest, token) =>
        latest === null ||
        calledAt(token) > calledAt(latest) ||
        (calledAt(token) === calledAt(latest) && token.token_number > latest.token_number)
          ? token
          : latest,
      null,
    );
  const waiting = tokens
    .filter((token) => token.status === 'showed_up')
    .sort((a, b) => a.token_number - b.token_number);
  return { serving, waiting };
}

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const startTime = z
  .string({ error: scheduleMessages.invalidTime('Start time') })
  .regex(timePattern, scheduleMessages.invalidTime('Start time'));

const patientName = (label: string) => requiredText({ label, max: patientNameMaxLength });
const age = z
  .number({ error: bookingMessages.invalidAge })
  .int(bookingMessages.invalidAge)
  .min(0, bookingMessages.invalidAge)
  .max(130, bookingMessages.invalidAge);

/**
 * A booking from the clinic's website (public/book-slot): for the clinic's patient with this
 * mobile and name, a new patient when the name is new on the mobile (a family's phone).
 */
export const onlineBookSlotBody = z.object({
  queueId: z.uuid(),
  date: calendarDateSchema,
  startTime,
  customerName: patientName('Name'),
  customerMobile: indianMobileSchema,
  customerAge: age.nullable().optional(),
  customerGender: patientGenderSchema.nullable().optional(),
});
export type OnlineBookSlotBody = z.input<typeof onlineBookSlotBody>;
/** A booking from the front desk: as online, or for the patient the desk picked (`patientId`). */
export const bookSlotBody = onlineBookSlotBody.extend({ patientId: z.uuid().optional() });
export type BookSlotBody = z.input<typeof bookSlotBody>;
export const slotResponse = dataEnvelope(slotSchema);

/**
 * What the booking website tells its visitor (public/book-slot): their own booking and where
 * to come, nothing more. No id of the clinic's records and nothing the clinic holds under the
 * number, so the answer is the same whether the mobile was known to the clinic or new.
 */
export const onlineBookingSchema = z.object({
  token_number: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  queue_name: z.string(),
  location_name: z.string(),
  /** The name the visitor typed. */
  customer_name: z.string(),
});
export type OnlineBooking = z.infer<typeof onlineBookingSchema>;
export const onlineBookingResponse = dataEnvelope(onlineBookingSchema);

export const bookingsQuery = z.object({
  date: calendarDateSchema,
  queue_id: z.uuid(),
  // A query string carries text: only 'true' shows completed bookings.
  showCompleteBookings: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export const slotsResponse = dataEnvelope(z.array(slotSchema));

export const updateShowedUpBody = z.object({ slot_id: z.uuid(), showed_up: z.boolean() });
/** PUT /api/call-token, /api/complete-token, /api/mark-no-show, /api/return-to-waiting: one token's move in the queue. */
export const queueTokenBody = z.object({ slotId: z.uuid() });
export const cancelSlotQuery = z.object({ slot_id: z.uuid() });
export const editNameBody = z.object({ slotId: z.uuid(), customerName: patientName('Name') });
export const editTimeBody = z.object({ slotId: z.uuid(), startTime });

/** client_id is the location whose queues' unseen online bookings are counted. */
export const unseenBookingsCountQuery = z.object({ client_id: z.uuid() });
export const unseenBookingsCountResponse = dataEnvelope(z.object({ count: z.number().int().nonnegative() }));

const bookingTags = ['bookings'];

/** One token's move in the queue (issue 19): never refused for money (decision 027). */
const tokenMoveEndpoint = (path: `/${string}`, summary: string) =>
  endpoint({
    method: 'PUT',
    path,
    summary,
    tags: bookingTags,
    access: 'signed-in',
    body: queueTokenBody,
    response: slotResponse,
    refusals: [404, 409],
  });

/**
 * The booking calls of spec §7 (decision 039). The desk's changes but the queue actions sit
 * behind the wallet guard (402, spec §4); a taken time answers 409, a time not open 422.
 */
export const bookingEndpoints = {
  bookAtFrontDesk: endpoint({
    method: 'POST',
    path: '/book-slot',
    summary: 'Books a free slot at the front desk, giving the next token of the day',
    tags: bookingTags,
    access: 'signed-in',
    guard: 'wallet',
    body: bookSlotBody,
    response: slotResponse,
    status: 201,
    refusals: [404, 409, 422],
  }),
  day: endpoint({
    method: 'GET',
    path: '/get-bookings-admin',
    summary: "A queue's bookings of a day in token order; listing them marks its online bookings seen",
    tags: bookingTags,
    access: 'signed-in',
    query: bookingsQuery,
    response: slotsResponse,
    refusals: [404],
  }),
  inPeriod: endpoint({
    method: 'GET',
    path: '/get-bookings-in-period',
    summary:
      "A queue's open bookings (booked, showed up, called) in a time a schedule change would take away: on a date, on the coming dates of a weekday, or with slot_size those a new slot size no longer fits",
    tags: bookingTags,
    access: 'signed-in',
    query: bookingsInPeriodQuery,
    response: slotsResponse,
    refusals: [404],
  }),
  // Never refused for money: what the wallet cannot cover is owed (decision 027).
  setShowedUp: endpoint({
    method: 'PUT',
    path: '/update-showed-up',
    summary:
      "Marks whether the patient of a booking has arrived; an online booking's first arrival is charged",
    tags: bookingTags,
    access: 'signed-in',
    body: updateShowedUpBody,
    response: slotResponse,
    refusals: [404, 409],
  }),
  callToken: tokenMoveEndpoint(
    '/call-token',
    'Calls this token now (a patient who must go first), completing the one being served; it is served until the next call',
  ),
  completeToken: tokenMoveEndpoint(
    '/complete-token',
    'Marks a token that has arrived or been called as done',
  ),
  markNoShow: tokenMoveEndpoint(
    '/mark-no-show',
    'Marks that the patient of a token has not come; a no-show is never charged',
  ),
  returnToWaiting: tokenMoveEndpoint(
    '/return-to-waiting',
    'Sends a called token (or one marked not come who has arrived) back to waiting',
  ),
  cancel: endpoint({
    method: 'DELETE',
    path: '/cancel-token-by-admin',
    summary: 'Cancels a booking, freeing its time; what a wallet partner paid at booking is refunded',
    tags: bookingTags,
    access: 'signed-in',
    guard: 'wallet',
    query: cancelSlotQuery,
    response: slotResponse,
    refusals: [404, 409],
  }),
  editName: endpoint({
    method: 'PUT',
    path: '/edit-name',
    summary:
      "Puts a booking on the patient of this name on the same mobile, added when new; a patient's own name changes on their page",
    tags: bookingTags,
    access: 'signed-in',
    guard: 'wallet',
    body: editNameBody,
    response: slotResponse,
    refusals: [404],
  }),
  move: endpoint({
    method: 'PUT',
    path: '/edit-time-for-ind-patient',
    summary: 'Moves a booking to another free time of its day, keeping its token',
    tags: bookingTags,
    access: 'signed-in',
    guard: 'wallet',
    body: editTimeBody,
    response: slotResponse,
    refusals: [404, 409, 422],
  }),
  unseenOnlineCount: endpoint({
    method: 'GET',
    path: '/get-unclaimed-page-bookings-count',
    summary: "How many online bookings of a location's queues staff have not opened yet",
    tags: bookingTags,
    access: 'signed-in',
    query: unseenBookingsCountQuery,
    response: unseenBookingsCountResponse,
    refusals: [404],
  }),
  /**
   * The clinic's booking website (spec §7 public/book-slot). Its limits per address and per
   * mobile are counted by the service in the database (429), not by the rate limiter; a clinic
   * not taking online bookings answers 403, one whose wallet cannot take them 402.
   */
  bookOnline: endpoint({
    method: 'POST',
    path: '/public/book-slot',
    summary: "Books a free slot from the clinic's booking website",
    tags: [],
    access: 'public',
    body: onlineBookSlotBody,
    response: onlineBookingResponse,
    status: 201,
    refusals: [402, 403, 404, 409, 422, 429],
  }),
};

/** The endpoint of each move of a token. */
export const tokenMoveEndpoints = {
  call: bookingEndpoints.callToken,
  complete: bookingEndpoints.completeToken,
  markNoShow: bookingEndpoints.markNoShow,
  returnToWaiting: bookingEndpoints.returnToWaiting,
} satisfies Record<TokenMove, Endpoint>;

export const createPatientBody = z.object({
  name: patientName('Name'),
  mobile: indianMobileSchema,
  age: age.nullable().optional(),
  gender: patientGenderSchema.nullable().optional(),
});
export type CreatePatientBody = z.input<typeof createPatientBody>;
export const patientResponse = dataEnvelope(patientSchema);

/**
 * The walk-in form's read-only lookup: the caller's patients under this number (a family shares
 * a phone), by name, so the desk picks one or adds another.
 */
export const patientByMobileQuery = z.object({ mobile: indianMobileSchema });
export const patientByMobileResponse = dataEnvelope(z.array(patientSchema));

/** The desk's patient calls (the patients module, decision 036), under /api. */
export const patientEndpoints = {
  byMobile: endpoint({
    method: 'GET',
    path: '/get-patient-by-mobile',
    summary: "The clinic's patients with this mobile number (a family's), by name; nothing is created",
    tags: ['patients'],
    access: 'signed-in',
    query: patientByMobileQuery,
    response: patientByMobileResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/create-user',
    summary: 'The patient with this mobile number and name, created when the clinic has none',
    tags: ['patients'],
    access: 'signed-in',
    guard: 'wallet',
    body: createPatientBody,
    response: patientResponse,
  }),
};
