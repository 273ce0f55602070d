import { tokenStateRefusals } from '@vaidya/contract/booking-refusals';
import {
  bookingMessages,
  canMoveToken,
  type Patient,
  queueLineOf,
  type Slot,
  type SlotSource,
  type TokenMove,
  tokenMoveEndpoints,
  tokenMoveMessages,
  tokenMoves,
} from '@vaidya/contract/bookings';
import type { AvailableSlot, Queue } from '@vaidya/contract/schedule';
import { uuid } from './fake-masters';
import { answer, type Handler, kothrud } from './fake-server';

export const opdQueue: Queue = {
  id: uuid(501),
  location_id: kothrud.id,
  queue_name: 'Dr Kulkarni — OPD',
  slot_size: 15,
  doctor_user_id: null,
};

export const eveningQueue: Queue = {
  id: uuid(502),
  location_id: kothrud.id,
  queue_name: 'Dr Joshi — Evening',
  slot_size: 15,
  doctor_user_id: null,
};

const plusMinutes = (time: string, minutes: number) => {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = hours * 60 + mins + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

export const freeSlot = (start: string): AvailableSlot => ({
  start_time: start,
  end_time: plusMinutes(start, 15),
});

export function fakeBooking(
  token: number,
  start: string,
  name: string,
  overrides: Partial<Omit<Slot, 'customer'>> & { mobile?: string } = {},
): Slot {
  const { mobile, ...slot } = overrides;
  return {
    id: uuid(600 + token),
    queue_id: opdQueue.id,
    date: '2026-11-23',
    start_time: start,
    end_time: plusMinutes(start, 15),
    token_number: token,
    status: 'booked',
    source: 'front_desk',
    customer: {
      id: uuid(700 + token),
      name,
      mobile: mobile ?? `98220${String(token).padStart(5, '0')}`,
      age: null,
      gender: null,
    },
    showed_up_at: null,
    called_at: null,
    completed_at: null,
    no_show_at: null,
    ...slot,
  };
}

const notFound = () => Response.json({ message: 'Booking not found', code: 'NOT_FOUND' }, { status: 404 });

/**
 * The booking calls of the Kothrud location over bookings and free times kept in
 * memory, answered as the server answers them. A time in `takenMeanwhile` is offered
 * as free until someone books it: then it answers 409, as when another desk or the
 * website got there first, and is offered no more. `patients` are the clinic's known
 * patients, found by their (already normalised) mobile.
 */
export function fakeBookings({
  queues = [opdQueue],
  bookings = [],
  free = [],
  takenMeanwhile = [],
  unseenOnline = 0,
  patients = [],
}: {
  queues?: Queue[];
  bookings?: Slot[];
  free?: AvailableSlot[];
  takenMeanwhile?: string[];
  unseenOnline?: number;
  patients?: Patient[];
} = {}): Record<string, Handler> {
  let rows = [...bookings];
  let freeSlots = [...free];
  const lost = new Set(takenMeanwhile);
  const change = (slotId: string, message: string, update: (slot: Slot) => Slot): Response => {
    const found = rows.find((slot) => slot.id === slotId);
    if (!found) return notFound();
    const changed = update(found);
    rows = rows.map((slot) => (slot.id === slotId ? changed : slot));
    return Response.json({ data: changed, message });
  };
  const book =
    (source: SlotSource): Handler =>
    ({ body }) => {
      const payload = body as {
        queueId: string;
        date: string;
        startTime: string;
        customerName: string;
        customerMobile: string;
      };
      freeSlots = freeSlots.filter((slot) => slot.start_time !== payload.startTime);
      if (lost.has(payload.startTime)) {
        lost.delete(payload.startTime);
        return Response.json({ message: bookingMessages.slotTaken, code: 'CONFLICT' }, { status: 409 });
      }
      const token = Math.max(0, ...rows.map((slot) => slot.token_number)) + 1;
      const booked = fakeBooking(token, payload.startTime, payload.customerName, {
        queue_id: payload.queueId,
        date: payload.date,
        mobile: payload.customerMobile,
        source,
      });
      rows = [...rows, booked];
      return Response.json({ data: booked, message: bookingMessages.booked }, { status: 201 });
    };
  /** A token's move as the server makes it: 409 from a state that forbids it; a call completes the token served. */
  const moveToken =
    (move: TokenMove): Handler =>
    ({ body }) => {
      const { slotId } = body as { slotId: string };
      const found = rows.find((slot) => slot.id === slotId);
      if (!found) return notFound();
      if (!canMoveToken(move, found.status)) {
        return Response.json(
          { message: tokenStateRefusals[found.status], code: 'CONFLICT' },
          { status: 409 },
        );
      }
      const now = new Date().toISOString();
      const { serving } = queueLineOf(rows.filter((slot) => slot.queue_id === found.queue_id));
      if (move === 'call' && serving) {
        rows = rows.map((slot) =>
          slot.id === serving.id ? { ...slot, status: 'completed', completed_at: now } : slot,
        );
      }
      const to = tokenMoves[move].to;
      return change(slotId, tokenMoveMessages[move](found.token_number), (slot) => ({
        ...slot,
        status: to,
        ...(to === 'called' ? { called_at: now } : {}),
      }));
    };
  return {
    'GET /api/get-queues': ({ url }) =>
      Response.json({
        data: queues.filter((queue) => queue.location_id === url.searchParams.get('location_id')),
      }),
    'GET /api/get-bookings-admin': ({ url }) => {
      const withCompleted = url.searchParams.get('showCompleteBookings') === 'true';
      const shown = rows
        .filter((slot) => slot.queue_id === url.searchParams.get('queue_id'))
        .filter(
          (slot) =>
            slot.status !== 'cancelled' && (withCompleted || !['completed', 'no_show'].includes(slot.status)),
        )
        .sort((a, b) => a.token_number - b.token_number);
      return Response.json({ data: shown });
    },
    'GET /api/public/get-available-slots': () => Response.json({ data: freeSlots }),
    'GET /api/get-patient-by-mobile': ({ url }) =>
      Response.json({
        data: patients.filter((patient) => patient.mobile === url.searchParams.get('mobile')),
      }),
    'GET /api/get-unclaimed-page-bookings-count': answer({ data: { count: unseenOnline } }),
    'PUT /api/update-showed-up': ({ body }) => {
      const { slot_id, showed_up } = body as { slot_id: string; showed_up: boolean };
      const message = showed_up ? bookingMessages.showedUpMarked : bookingMessages.showedUpCleared;
      return change(slot_id, message, (slot) => ({ ...slot, status: showed_up ? 'showed_up' : 'booked' }));
    },
    'DELETE /api/cancel-token-by-admin': ({ url }) => {
      const slotId = url.searchParams.get('slot_id') ?? '';
      return change(slotId, bookingMessages.cancelled, (slot) => ({ ...slot, status: 'cancelled' }));
    },
    'PUT /api/edit-name': ({ body }) => {
      const { slotId, customerName } = body as { slotId: string; customerName: string };
      return change(slotId, bookingMessages.nameUpdated, (slot) => ({
        ...slot,
        customer: { ...slot.customer, name: customerName },
      }));
    },
    'PUT /api/edit-time-for-ind-patient': ({ body }) => {
      const { slotId, startTime } = body as { slotId: string; startTime: string };
      freeSlots = freeSlots.filter((slot) => slot.start_time !== startTime);
      return change(slotId, bookingMessages.timeUpdated, (slot) => ({
        ...slot,
        start_time: startTime,
        end_time: plusMinutes(startTime, 15),
      }));
    },
    ...Object.fromEntries(
      (Object.keys(tokenMoveEndpoints) as TokenMove[]).map((move) => [
        `PUT /api${tokenMoveEndpoints[move].path}`,
        moveToken(move),
      ]),
    ),
    'POST /api/book-slot': book('front_desk'),
    'POST /api/public/book-slot': book('online'),
  };
}
