import { z } from 'zod';
import { periodEnIn } from './calendar-dates';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { locationSchema } from './partner';
import { isIndianContactNumber, phoneInputMaxLength, phoneNumberMessages } from './phone-numbers';
import { requiredText, text } from './text';

/** The shortest and longest slot a queue is cut into, in minutes, and the step between sizes. */
export const slotSizeLimits = { min: 5, max: 120, step: 5 } as const;

/** How many open dates get-dates offers, from today on. */
export const bookableDateCount = 30;

/** Weekday names by number, 0 = Sunday, as queue timings store them. */
export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The longest values of the schedule's text fields; the settings forms use them as their maxLength. */
export const scheduleTextMaxLength = {
  locationName: 200,
  address: 500,
  contactNo: phoneInputMaxLength,
  queueName: 200,
} as const;

/** The sentences of the schedule calls that the server and the screens share. */
export const scheduleMessages = {
  locationAdded: 'Location added successfully',
  locationUpdated: 'Location updated successfully',
  queueAdded: 'Queue added successfully',
  queueUpdated: 'Queue updated successfully',
  slotSizeUpdated: 'Slot size updated successfully',
  timingAdded: 'Session added successfully',
  timingUpdated: 'Session updated successfully',
  timingDeleted: 'Session deleted successfully',
  offDayAdded: 'Off-day added successfully',
  offDayDeleted: 'Off-day deleted successfully',
  invalidContactNo: phoneNumberMessages.invalidContactNo,
  invalidSlotSize: `Slot size must be a multiple of ${slotSizeLimits.step} minutes from ${slotSizeLimits.min} to ${slotSizeLimits.max}`,
  invalidWeekday: 'Weekday must be a number from 0 (Sunday) to 6 (Saturday)',
  invalidTime: (label: string) => `${label} must be a time of the day like 09:30`,
  invalidDate: 'Date must be a real date like 2026-11-25',
  startBeforeEnd: 'Start time must be before end time',
  offDayTimesTogether: 'Give both a start and an end time, or neither to close the whole day',
  offDayInPast: 'An off-day cannot be in the past',
  invalidBookingsChoice: 'Bookings must be keep or cancel',
  overlappingSession: (session: { weekday: number; start_time: string; end_time: string }) =>
    `This session overlaps the ${periodEnIn(session.start_time, session.end_time)} session on ${weekdayNames[session.weekday]}. Please choose other times.`,
} as const;

/** What the not-found answers call each record: "Queue not found". */
export const scheduleRecordLabels = {
  location: 'Location',
  queue: 'Queue',
  timing: 'Session',
  offDay: 'Off-day',
  doctor: 'Doctor',
} as const;

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A wall-clock time of the partner's day, 'HH:mm' from 00:00 to 23:59. */
const timeOfDay = (label: string) =>
  z
    .string({ error: scheduleMessages.invalidTime(label) })
    .regex(timePattern, scheduleMessages.invalidTime(label));

/** A calendar date 'YYYY-MM-DD' that exists ('2026-02-30' does not). */
export const calendarDateSchema = z.iso.date({ error: scheduleMessages.invalidDate });

const slotSize = z
  .number({ error: scheduleMessages.invalidSlotSize })
  .int(scheduleMessages.invalidSlotSize)
  .min(slotSizeLimits.min, scheduleMessages.invalidSlotSize)
  .max(slotSizeLimits.max, scheduleMessages.invalidSlotSize)
  .multipleOf(slotSizeLimits.step, scheduleMessages.invalidSlotSize);

const weekday = z
  .number({ error: scheduleMessages.invalidWeekday })
  .int(scheduleMessages.invalidWeekday)
  .min(0, scheduleMessages.invalidWeekday)
  .max(6, scheduleMessages.invalidWeekday);

/** Both ends are 'HH:mm' of one day, so comparing the text compares the times. */
const startsBeforeEnd = (period: { startTime?: string | undefined; endTime?: string | undefined }) =>
  period.startTime === undefined || period.endTime === undefined || period.startTime < period.endTime;
const startBeforeEndIssue = { message: scheduleMessages.startBeforeEnd, path: ['endTime'] };

/**
 * What a change that takes time away (an off-day, shorter or moved sessions, another slot size)
 * does with the open bookings in that time (issue 19): `keep` them, as when the field is absent,
 * or `cancel` them and queue a WhatsApp message to each patient.
 */
export const bookingsChoices = ['keep', 'cancel'] as const;
export type BookingsChoice = (typeof bookingsChoices)[number];
const bookingsChoice = z.enum(bookingsChoices, { error: scheduleMessages.invalidBookingsChoice }).optional();

// ── Locations ────────────────────────────────────────────────────────────────

const locationFields = {
  locationName: requiredText({ label: 'Location name', max: scheduleTextMaxLength.locationName }),
  address: text({ label: 'Address', max: scheduleTextMaxLength.address }).optional(),
  /** Kept as the clinic wrote it ("020 2543 1234"): it is printed and shown to patients, never matched. */
  contactNo: text({ label: 'Contact number', max: scheduleTextMaxLength.contactNo })
    .refine((value) => value === '' || isIndianContactNumber(value), scheduleMessages.invalidContactNo)
    .optional(),
};

export const addLocationBody = z.object(locationFields);
export type AddLocationBody = z.infer<typeof addLocationBody>;
export const updateLocationBody = z.object({ id: z.uuid(), ...locationFields });
export type UpdateLocationBody = z.infer<typeof updateLocationBody>;
export const locationResponse = dataEnvelope(locationSchema);

// ── Queues ───────────────────────────────────────────────────────────────────

/** A doctor's consultation line at one location, cut into slots of `slot_size` minutes. */
export const queueSchema = z.object({
  id: z.uuid(),
  location_id: z.uuid(),
  queue_name: z.string(),
  slot_size: z.number().int(),
  /** The doctor who sees this queue's patients (issue 23): a doctor may change the schedule of their own queues. */
  doctor_user_id: z.uuid().nullable(),
});
export type Queue = z.infer<typeof queueSchema>;

const queueName = requiredText({ label: 'Queue name', max: scheduleTextMaxLength.queueName });

export const queuesQuery = z.object({ location_id: z.uuid() });
/** A queue's doctor: a doctor or owner of the clinic; null, none. Only an owner chooses it. */
const doctorUserId = z.uuid().nullable().optional();
export const addQueueBody = z.object({ locationId: z.uuid(), queueName, slotSize, doctorUserId });
export type AddQueueBody = z.infer<typeof addQueueBody>;
export const updateQueueBody = z.object({ id: z.uuid(), queueName, doctorUserId });
export type UpdateQueueBody = z.infer<typeof updateQueueBody>;
export const updateSlotSizeBody = z.object({ queueId: z.uuid(), slotSize, bookings: bookingsChoice });
export type UpdateSlotSizeBody = z.infer<typeof updateSlotSizeBody>;
export const queueResponse = dataEnvelope(queueSchema);
export const queuesResponse = dataEnvelope(z.array(queueSchema));

// ── Weekly timings ───────────────────────────────────────────────────────────

/** One weekly session of a queue: weekday 0 = Sunday … 6, times 'HH:mm' in the partner's time zone. */
export const queueTimingSchema = z.object({
  id: z.uuid(),
  queue_id: z.uuid(),
  weekday: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
});
export type QueueTiming = z.infer<typeof queueTimingSchema>;

const timingFields = {
  queueId: z.uuid(),
  weekday,
  startTime: timeOfDay('Start time'),
  endTime: timeOfDay('End time'),
};

export const queueTimingsQuery = z.object({ queue_id: z.uuid() });
export const addQueueTimingBody = z.object(timingFields).refine(startsBeforeEnd, startBeforeEndIssue);
export type AddQueueTimingBody = z.infer<typeof addQueueTimingBody>;
export const editQueueTimingBody = z
  .object({ id: z.uuid(), ...timingFields, bookings: bookingsChoice })
  .refine(startsBeforeEnd, startBeforeEndIssue);
export type EditQueueTimingBody = z.infer<typeof editQueueTimingBody>;
export const deleteQueueTimingQuery = z.object({ queue_timing_id: z.uuid() });
export const queueTimingResponse = dataEnvelope(queueTimingSchema);
export const queueTimingsResponse = dataEnvelope(z.array(queueTimingSchema));

// ── Off-days ─────────────────────────────────────────────────────────────────

/** A queue closed on a date: for the whole day when both times are null, otherwise from start to end. */
export const offDaySchema = z.object({
  id: z.uuid(),
  queue_id: z.uuid(),
  date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
});
export type OffDay = z.infer<typeof offDaySchema>;

export const offDaysQuery = z.object({ queue_id: z.uuid() });
export const addOffDayBody = z
  .object({
    queueId: z.uuid(),
    date: calendarDateSchema,
    startTime: timeOfDay('Start time').optional(),
    endTime: timeOfDay('End time').optional(),
    bookings: bookingsChoice,
  })
  .refine((body) => (body.startTime === undefined) === (body.endTime === undefined), {
    message: scheduleMessages.offDayTimesTogether,
    path: ['endTime'],
  })
  .refine(startsBeforeEnd, startBeforeEndIssue);
export type AddOffDayBody = z.infer<typeof addOffDayBody>;
export const deleteOffDayQuery = z.object({ off_day_id: z.uuid() });
export const offDayTimingsQuery = z.object({ queue_id: z.uuid(), date: calendarDateSchema });
export const offDayResponse = dataEnvelope(offDaySchema);
export const offDaysResponse = dataEnvelope(z.array(offDaySchema));

// ── What can be booked ───────────────────────────────────────────────────────

/** One free slot of a queue on a date, 'HH:mm' to 'HH:mm'. */
export const availableSlotSchema = z.object({ start_time: z.string(), end_time: z.string() });
export type AvailableSlot = z.infer<typeof availableSlotSchema>;

export const availableSlotsQuery = z.object({ queue_id: z.uuid(), date: calendarDateSchema });
export const availableSlotsResponse = dataEnvelope(z.array(availableSlotSchema));

/** A date the queue is open, and how many of its slots are still free. */
export const bookableDateSchema = z.object({ date: z.string(), available: z.number().int().nonnegative() });
export type BookableDate = z.infer<typeof bookableDateSchema>;

export const bookableDatesQuery = z.object({ queue_id: z.uuid() });
export const bookableDatesResponse = dataEnvelope(z.array(bookableDateSchema));

// ── The calls ────────────────────────────────────────────────────────────────

const tags = ['schedule'];

/**
 * The signed-in partner's schedule calls (decision 039). Every change is behind the wallet
 * guard (402 below one booking's charge, spec §4); a record of another clinic is a 404.
 * The free slots of a date are the booking website's call (`siteEndpoints.freeSlots`).
 */
export const scheduleEndpoints = {
  addLocation: endpoint({
    method: 'POST',
    path: '/add-location',
    summary: 'Adds a location',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: addLocationBody,
    response: locationResponse,
    status: 201,
    refusals: [404],
  }),
  updateLocation: endpoint({
    method: 'PUT',
    path: '/update-location',
    summary: 'Edits a location’s name, address and contact number',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: updateLocationBody,
    response: locationResponse,
    refusals: [404],
  }),
  queues: endpoint({
    method: 'GET',
    path: '/get-queues',
    summary: 'The queues of a location, in the order they were added',
    tags,
    access: 'signed-in',
    query: queuesQuery,
    response: queuesResponse,
    refusals: [404],
  }),
  addQueue: endpoint({
    method: 'POST',
    path: '/add-queue',
    summary: 'Adds a queue to a location',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: addQueueBody,
    response: queueResponse,
    status: 201,
    refusals: [404],
  }),
  updateQueue: endpoint({
    method: 'PUT',
    path: '/update-queue',
    summary: 'Renames a queue',
    tags,
    access: 'signed-in',
    permission: 'schedule',
    guard: 'wallet',
    body: updateQueueBody,
    response: queueResponse,
    refusals: [404],
  }),
  updateSlotSize: endpoint({
    method: 'PUT',
    path: '/update-slot-size',
    summary:
      'Changes a queue’s slot size; bookings already made keep their times, or with bookings: cancel those on a slot the new size does not have are cancelled and their patients messaged',
    tags,
    access: 'signed-in',
    permission: 'schedule',
    guard: 'wallet',
    body: updateSlotSizeBody,
    response: queueResponse,
    refusals: [404],
  }),
  queueTimings: endpoint({
    method: 'GET',
    path: '/get-queue-timings',
    summary: 'A queue’s weekly sessions, by weekday and start',
    tags,
    access: 'signed-in',
    query: queueTimingsQuery,
    response: queueTimingsResponse,
    refusals: [404],
  }),
  addTiming: endpoint({
    method: 'POST',
    path: '/add-queue-timings',
    summary: 'Adds a weekly session to a queue; one that overlaps another is refused',
    tags,
    access: 'signed-in',
    permission: 'schedule',
    guard: 'wallet',
    body: addQueueTimingBody,
    response: queueTimingResponse,
    status: 201,
    refusals: [404, 409],
  }),
  editTiming: endpoint({
    method: 'PUT',
    path: '/edit-timings',
    summary:
      'Changes a weekly session; one that overlaps another is refused. With bookings: cancel the open bookings in the time it no longer opens are cancelled and their patients messaged',
    tags,
    access: 'signed-in',
    permission: 'schedule',
    guard: 'wallet',
    body: editQueueTimingBody,
    response: queueTimingResponse,
    refusals: [404, 409],
  }),
  deleteTiming: endpoint({
    method: 'DELETE',
    path: '/delete-queue-timing',
    summary: 'Deletes a weekly session',
    tags,
    access: 'signed-in',
    permission: 'schedule',
    guard: 'wallet',
    query: deleteQueueTimingQuery,
    response: queueTimingResponse,
    refusals: [404],
  }),
  offDays: endpoint({
    method: 'GET',
    path: '/get-off-days',
    summary: 'A queue’s off-days from today on',
    tags,
    access: 'signed-in',
    query: offDaysQuery,
    response: offDaysResponse,
    refusals: [404],
  }),
  addOffDay: endpoint({
    method: 'POST',
    path: '/add-off-day',
    summary:
      'Closes a queue for a whole date (no times) or part of it. With bookings: cancel the open bookings then are cancelled and their patients messaged',
    tags,
    access: 'signed-in',
    permission: 'schedule',
    guard: 'wallet',
    body: addOffDayBody,
    response: offDayResponse,
    status: 201,
    refusals: [404, 422],
  }),
  deleteOffDay: endpoint({
    method: 'DELETE',
    path: '/delete-off-day',
    summary: 'Deletes an off-day',
    tags,
    access: 'signed-in',
    permission: 'schedule',
    guard: 'wallet',
    query: deleteOffDayQuery,
    response: offDayResponse,
    refusals: [404],
  }),
  offDayTimings: endpoint({
    method: 'GET',
    path: '/get-off-day-timings',
    summary: 'The off periods of a queue on one date; a whole-day one has no times',
    tags,
    access: 'signed-in',
    query: offDayTimingsQuery,
    response: offDaysResponse,
    refusals: [404],
  }),
  bookableDates: endpoint({
    method: 'GET',
    path: '/get-dates',
    summary: 'The next open dates of a queue from today, with how many slots are free',
    tags,
    access: 'signed-in',
    query: bookableDatesQuery,
    response: bookableDatesResponse,
    refusals: [404],
  }),
};

/** The rules of a slot size, a time of the day and a weekday, for the query of schedule-changes.ts. */
export { slotSize as slotSizeRule, timeOfDay as timeOfDayRule, weekday as weekdayRule };
