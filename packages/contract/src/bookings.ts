import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { indianMobileSchema } from './mobile';
import { calendarDateSchema, scheduleMessages } from './schedule';
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

/** The longest patient name; the booking forms use it as their maxLength. */
export const patientNameMaxLength = 120;

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
 * (PUT with `{ slotId }`). Calling completes the token being served first; a token sent back to
 * waiting (or one marked not come who arrives after all) waits again for its turn.
 */
export const tokenMoves = {
  call: { path: '/call-token', from: ['booked', 'showed_up', 'no_show'], to: 'called' },
  complete: { path: '/complete-token', from: ['showed_up', 'called'], to: 'completed' },
  markNoShow: { path: '/mark-no-show', from: ['booked', 'showed_up', 'called'], to: 'no_show' },
  returnToWaiting: { path: '/return-to-waiting', from: ['called', 'no_show'], to: 'showed_up' },
} as const satisfies Record<string, { path: string; from: readonly SlotStatus[]; to: SlotStatus }>;
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

/** A booking from the front desk, or (the same body on public/book-slot) from the clinic's website. */
export const bookSlotBody = z.object({
  queueId: z.uuid(),
  date: calendarDateSchema,
  startTime,
  customerName: patientName('Name'),
  customerMobile: indianMobileSchema,
  customerAge: age.nullable().optional(),
  customerGender: patientGenderSchema.nullable().optional(),
});
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

export const createPatientBody = z.object({
  name: patientName('Name'),
  mobile: indianMobileSchema,
  age: age.nullable().optional(),
  gender: patientGenderSchema.nullable().optional(),
});
export type CreatePatientBody = z.input<typeof createPatientBody>;
export const patientResponse = dataEnvelope(patientSchema);

/** The walk-in form's read-only lookup: the caller's patient under this number, so known details prefill. */
export const patientByMobileQuery = z.object({ mobile: indianMobileSchema });
export const patientByMobileResponse = dataEnvelope(patientSchema.nullable());
