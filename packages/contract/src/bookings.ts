import { z } from 'zod';
import { notTakingOnlineBookings } from './clinic-availability';
import { dataEnvelope } from './envelope';
import { indianMobileSchema } from './leads';
import { calendarDateSchema, scheduleMessages } from './schedule';
import { requiredText } from './text';

/** The sentences of the booking calls that the server and the screens share. */
export const bookingMessages = {
  booked: 'Booking confirmed',
  slotTaken: 'This slot has just been booked. Please choose another.',
  slotNotOpen: 'This time is not open for booking on that date. Please choose a free slot.',
  slotInPast: 'This time has already passed. Please choose a later slot.',
  alreadyCancelled: 'This booking has already been cancelled.',
  bookingCancelled: 'This booking has been cancelled and cannot be changed.',
  bookingCompleted: 'This booking is already completed.',
  showedUpMarked: 'Marked as showed up',
  showedUpCleared: 'Marked as not showed up',
  cancelled: 'Booking cancelled',
  nameUpdated: 'Name updated successfully',
  timeUpdated: 'Booking moved successfully',
  patientSaved: 'Patient saved successfully',
  invalidAge: 'Age must be a whole number from 0 to 130',
  invalidGender: 'Gender must be male, female or other',
  tooManyBookings: 'Too many bookings from this number. Please try again later.',
  /** The booking website, for a date its visitor cannot book. */
  dateInPast: 'This date has passed. Please choose today or a later date.',
  beyondBookingWindow: (days: number) =>
    `Online booking is open only for the next ${days} days. Please choose an earlier date, or call the clinic.`,
  notTakingOnlineBookings,
  /** The booking website's limits on open bookings (booked or showed up, today or later). */
  tooManyBookingsForPatientOnDate: (max: number) =>
    `You already have ${max} bookings under this name on this date. Please call the clinic if you need another.`,
  tooManyOpenBookingsForMobile: (max: number) =>
    `This mobile number already has ${max} upcoming online bookings at this clinic. Please call the clinic to book more.`,
} as const;

/** What the not-found answers call each record: "Booking not found". */
export const bookingRecordLabels = { booking: 'Booking', queue: 'Queue', location: 'Location' } as const;

/** The longest patient name; the booking forms use it as their maxLength. */
export const patientNameMaxLength = 120;

export const slotStatusSchema = z.enum(['booked', 'showed_up', 'completed', 'cancelled']);
export type SlotStatus = z.infer<typeof slotStatusSchema>;
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
});
export type Slot = z.infer<typeof slotSchema>;

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
