import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BookSlotBody,
  bookingEndpoints,
  patientEndpoints,
  type Slot,
  type TokenMove,
  tokenMoveEndpoints,
} from '@vaidya/contract/bookings';
import { scheduleEndpoints } from '@vaidya/contract/schedule';
import { siteEndpoints } from '@vaidya/contract/site';
import { callApi } from '../../../lib/api-client';

export interface BookingDay {
  queueId: string;
  date: string;
  showCompleted: boolean;
}

/**
 * Every key of the screen but the unseen count's starts with 'bookings', so a live update
 * or a change refreshes them all at once; the count follows the day's list instead.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  queues: (locationId: string) => ['bookings', 'queues', locationId] as const,
  days: ['bookings', 'day'] as const,
  day: (day: BookingDay) => ['bookings', 'day', day] as const,
  allFreeSlots: ['bookings', 'free-slots'] as const,
  freeSlots: (queueId: string, date: string) => ['bookings', 'free-slots', queueId, date] as const,
  unseen: (locationId: string, listedAt: number) => ['unseen-online-bookings', locationId, listedAt] as const,
  patient: (mobile: string) => ['bookings', 'patient', mobile] as const,
};

/** A location's queues; the route's loader asks for them on arrival (decision 035). */
export const queuesQuery = (locationId: string) =>
  queryOptions({
    queryKey: bookingKeys.queues(locationId),
    queryFn: ({ signal }) =>
      callApi(scheduleEndpoints.queues, { query: { location_id: locationId }, signal }),
  });

/** One queue's tokens of a day; the route's loader asks for the remembered queue's on arrival, completed ones hidden as the screen opens. */
export const dayBookingsQuery = (day: BookingDay) =>
  queryOptions({
    queryKey: bookingKeys.day(day),
    queryFn: ({ signal }) =>
      callApi(bookingEndpoints.day, {
        query: {
          date: day.date,
          queue_id: day.queueId,
          showCompleteBookings: day.showCompleted ? 'true' : 'false',
        },
        signal,
      }),
    networkMode: 'always',
  });

export function useQueues(locationId: string | undefined) {
  return useQuery({
    ...queuesQuery(locationId ?? ''),
    enabled: Boolean(locationId),
    refetchOnMount: false,
  });
}

/** The day's tokens; moving to another day keeps the previous list on screen until the next arrives. */
export function useDayBookings(day: BookingDay | null) {
  return useQuery({
    ...dayBookingsQuery(day ?? { queueId: '', date: '', showCompleted: false }),
    enabled: day !== null,
    placeholderData: keepPreviousData,
    refetchOnMount: false,
  });
}

/**
 * The free times of a queue on a date, asked afresh each time a dialog needs them. Signed in,
 * so the clinic's own desk sees past the booking website's window (a follow-up months ahead).
 */
export function useFreeSlots(queueId: string, date: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.freeSlots(queueId, date),
    queryFn: ({ signal }) => callApi(siteEndpoints.freeSlots, { query: { queue_id: queueId, date }, signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * The location's online bookings no one has opened yet. Listing a day marks that day's
 * seen, so the count is asked once after each list arrives (`listedAt`, the list's time,
 * is in its key) and never before the first.
 */
export const unseenCountQuery = (locationId: string, listedAt: number) =>
  queryOptions({
    queryKey: bookingKeys.unseen(locationId, listedAt),
    queryFn: ({ signal }) =>
      callApi(bookingEndpoints.unseenOnlineCount, { query: { client_id: locationId }, signal }),
  });

/** Once per list, the loader's answer included; the last count stays on screen while the next is asked. */
export function useUnseenOnlineCount(locationId: string | undefined, listedAt: number) {
  return useQuery({
    ...unseenCountQuery(locationId ?? '', listedAt),
    enabled: Boolean(locationId) && listedAt > 0,
    placeholderData: keepPreviousData,
    refetchOnMount: false,
  });
}

/** The clinic's patients under a valid, normalised mobile (a family's phone); nothing is asked without one. */
export function usePatientByMobile(mobile: string | null) {
  return useQuery({
    queryKey: bookingKeys.patient(mobile ?? ''),
    queryFn: ({ signal }) => callApi(patientEndpoints.byMobile, { query: { mobile: mobile ?? '' }, signal }),
    enabled: mobile !== null,
  });
}

/**
 * The booking changes of the screen. Each one refreshes everything the screen shows
 * (tokens, free times, and with the tokens the unseen count), as one change can move any of them.
 */
export function useBookingMutations() {
  const queryClient = useQueryClient();
  // Returned, so a mutation stays pending until the screen shows its outcome.
  const onSettled = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });

  // The box ticks at once, as the desk expects; a refusal is undone by the refresh that follows every change.
  const setShowedUp = useMutation({
    mutationFn: (change: { slotId: string; showedUp: boolean }) =>
      callApi(bookingEndpoints.setShowedUp, { body: { slot_id: change.slotId, showed_up: change.showedUp } }),
    onMutate: async ({ slotId, showedUp }) => {
      await queryClient.cancelQueries({ queryKey: bookingKeys.days });
      queryClient.setQueriesData<{ data: Slot[] }>({ queryKey: bookingKeys.days }, (answer) =>
        answer
          ? {
              ...answer,
              data: answer.data.map((slot) =>
                slot.id === slotId ? { ...slot, status: showedUp ? 'showed_up' : 'booked' } : slot,
              ),
            }
          : answer,
      );
    },
    onSettled,
  });
  const cancel = useMutation({
    mutationFn: (slotId: string) => callApi(bookingEndpoints.cancel, { query: { slot_id: slotId } }),
    onSettled,
  });
  const editName = useMutation({
    mutationFn: (change: { slotId: string; customerName: string }) =>
      callApi(bookingEndpoints.editName, { body: change }),
    onSettled,
  });
  const move = useMutation({
    mutationFn: (change: { slotId: string; startTime: string }) =>
      callApi(bookingEndpoints.move, { body: change }),
    onSettled,
  });
  // A refused booking (the slot just taken) changes the free times too, so it refreshes them as well.
  const book = useMutation({
    mutationFn: (body: BookSlotBody) => callApi(bookingEndpoints.bookAtFrontDesk, { body }),
    onSettled,
  });

  // Call, Done, No-show, Back to waiting: a refused one (another desk was first) shows the list as it is now.
  const moveToken = useMutation({
    mutationFn: (change: { slotId: string; move: TokenMove }) =>
      callApi(tokenMoveEndpoints[change.move], { body: { slotId: change.slotId } }),
    onSettled,
  });

  return { setShowedUp, cancel, editName, move, book, moveToken };
}
