import {
  bookingMessages,
  bookingsQuery,
  bookSlotBody,
  cancelSlotQuery,
  editNameBody,
  editTimeBody,
  onlineBookingResponse,
  queueTokenBody,
  slotResponse,
  slotsResponse,
  type TokenMove,
  tokenMoveMessages,
  tokenMoves,
  unseenBookingsCountQuery,
  unseenBookingsCountResponse,
  updateShowedUpBody,
} from '@vaidya/contract/bookings';
import { bookingsInPeriodQuery } from '@vaidya/contract/schedule-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireWalletBalance } from '../access/authenticate';
import type { BookingsService } from './bookings.service';

const security = [{ bearerAuth: [] }];
const tags = ['bookings'];

/** The signed-in booking calls of spec §7; mutations but the queue action sit behind the wallet guard (spec §4). */
export function bookingsRoutes(bookings: BookingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/book-slot',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: 'Books a free slot at the front desk, giving the next token of the day',
          security,
          body: bookSlotBody,
          response: { 201: slotResponse },
        },
      },
      async (request, reply) => {
        const data = await bookings.bookAtFrontDesk({ caller: request.caller, payload: request.body });
        return reply.status(201).send({ data, message: bookingMessages.booked });
      },
    );

    app.get(
      '/get-bookings-admin',
      {
        schema: {
          tags,
          summary: "A queue's bookings of a day in token order; listing them marks its online bookings seen",
          security,
          querystring: bookingsQuery,
          response: { 200: slotsResponse },
        },
      },
      async (request) => ({ data: await bookings.listDay({ caller: request.caller, query: request.query }) }),
    );

    app.get(
      '/get-bookings-in-period',
      {
        schema: {
          tags,
          summary:
            "A queue's open bookings (booked, showed up, called) in a time a schedule change would take away: on a date, on the coming dates of a weekday, or with slot_size those a new slot size no longer fits",
          security,
          querystring: bookingsInPeriodQuery,
          response: { 200: slotsResponse },
        },
      },
      async (request) => ({
        data: await bookings.listInPeriod({ caller: request.caller, query: request.query }),
      }),
    );

    // A queue action is never refused for money: what the wallet cannot cover is owed (decision 027).
    app.put(
      '/update-showed-up',
      {
        schema: {
          tags,
          summary:
            "Marks whether the patient of a booking has arrived; an online booking's first arrival is charged",
          security,
          body: updateShowedUpBody,
          response: { 200: slotResponse },
        },
      },
      async (request) => ({
        data: await bookings.setShowedUp({
          caller: request.caller,
          slotId: request.body.slot_id,
          showedUp: request.body.showed_up,
        }),
        message: request.body.showed_up ? bookingMessages.showedUpMarked : bookingMessages.showedUpCleared,
      }),
    );

    // One token's moves in the queue (issue 19): never refused for money either.
    const tokenMoveSummaries: Record<TokenMove, string> = {
      call: 'Calls this token now (a patient who must go first), completing the one being served; it is served until the next call',
      complete: 'Marks a token that has arrived or been called as done',
      markNoShow: 'Marks that the patient of a token has not come; a no-show is never charged',
      returnToWaiting: 'Sends a called token (or one marked not come who has arrived) back to waiting',
    };
    for (const move of Object.keys(tokenMoves) as TokenMove[]) {
      app.put(
        tokenMoves[move].path,
        {
          schema: {
            tags,
            summary: tokenMoveSummaries[move],
            security,
            body: queueTokenBody,
            response: { 200: slotResponse },
          },
        },
        async (request) => {
          const data = await bookings.moveInQueue({
            caller: request.caller,
            slotId: request.body.slotId,
            move,
          });
          return { data, message: tokenMoveMessages[move](data.token_number) };
        },
      );
    }

    app.delete(
      '/cancel-token-by-admin',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: 'Cancels a booking, freeing its time; what a wallet partner paid at booking is refunded',
          security,
          querystring: cancelSlotQuery,
          response: { 200: slotResponse },
        },
      },
      async (request) => ({
        data: await bookings.cancel({ caller: request.caller, slotId: request.query.slot_id }),
        message: bookingMessages.cancelled,
      }),
    );

    app.put(
      '/edit-name',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: 'Corrects the name of the patient of a booking',
          security,
          body: editNameBody,
          response: { 200: slotResponse },
        },
      },
      async (request) => ({
        data: await bookings.editName({
          caller: request.caller,
          slotId: request.body.slotId,
          name: request.body.customerName,
        }),
        message: bookingMessages.nameUpdated,
      }),
    );

    app.put(
      '/edit-time-for-ind-patient',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: 'Moves a booking to another free time of its day, keeping its token',
          security,
          body: editTimeBody,
          response: { 200: slotResponse },
        },
      },
      async (request) => ({
        data: await bookings.move({
          caller: request.caller,
          slotId: request.body.slotId,
          startTime: request.body.startTime,
        }),
        message: bookingMessages.timeUpdated,
      }),
    );

    app.get(
      '/get-unclaimed-page-bookings-count',
      {
        schema: {
          tags,
          summary: "How many online bookings of a location's queues staff have not opened yet",
          security,
          querystring: unseenBookingsCountQuery,
          response: { 200: unseenBookingsCountResponse },
        },
      },
      async (request) => ({
        data: {
          count: await bookings.countUnseenOnline({
            caller: request.caller,
            locationId: request.query.client_id,
          }),
        },
      }),
    );
  };
}

/**
 * The clinic's booking website (spec §7 public/book-slot): no sign-in; the service counts
 * every attempt per client address and per mobile in the database, shared by every process.
 */
export function publicBookingsRoutes(bookings: BookingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/book-slot',
      {
        schema: {
          tags: ['public'],
          summary: "Books a free slot from the clinic's booking website",
          body: bookSlotBody,
          response: { 201: onlineBookingResponse },
        },
      },
      async (request, reply) => {
        const data = await bookings.bookOnline({ payload: request.body, visitorAddress: request.ip });
        return reply.status(201).send({ data, message: bookingMessages.booked });
      },
    );
  };
}
