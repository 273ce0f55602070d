import {
  bookingEndpoints,
  bookingMessages,
  type TokenMove,
  tokenMoveEndpoints,
  tokenMoveMessages,
} from '@vaidya/contract/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, serve, withPayload } from '../../http/endpoint-route';
import type { BookingsService } from './bookings.service';

/**
 * The booking calls of spec §7: the desk's, and the clinic website's public/book-slot (the
 * service counts every attempt per address and per mobile in the database). The contract
 * puts the desk's changes but the queue actions behind the wallet guard (spec §4): a queue
 * action is never refused for money, what the wallet cannot cover is owed (decision 027).
 */
export function bookingsRoutes(bookings: BookingsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, bookingEndpoints, {
      day: async (request) => ({
        data: await bookings.listDay({ caller: request.caller, query: request.query }),
      }),
      inPeriod: async (request) => ({
        data: await bookings.listInPeriod({ caller: request.caller, query: request.query }),
      }),
      unseenOnlineCount: async (request) => ({
        data: {
          count: await bookings.countUnseenOnline({
            caller: request.caller,
            locationId: request.query.client_id,
          }),
        },
      }),
      setShowedUp: async (request) => ({
        data: await bookings.setShowedUp({
          caller: request.caller,
          slotId: request.body.slot_id,
          showedUp: request.body.showed_up,
        }),
        message: request.body.showed_up ? bookingMessages.showedUpMarked : bookingMessages.showedUpCleared,
      }),
      bookAtFrontDesk: withPayload(bookings.bookAtFrontDesk, bookingMessages.booked),
      cancel: async (request) => ({
        data: await bookings.cancel({ caller: request.caller, slotId: request.query.slot_id }),
        message: bookingMessages.cancelled,
      }),
      editName: async (request) => ({
        data: await bookings.editName({
          caller: request.caller,
          slotId: request.body.slotId,
          name: request.body.customerName,
        }),
        message: bookingMessages.nameUpdated,
      }),
      move: async (request) => ({
        data: await bookings.move({
          caller: request.caller,
          slotId: request.body.slotId,
          startTime: request.body.startTime,
        }),
        message: bookingMessages.timeUpdated,
      }),
      bookOnline: async (request) => ({
        data: await bookings.bookOnline({ payload: request.body, visitorAddress: request.ip }),
        message: bookingMessages.booked,
      }),
    });
    // One token's moves in the queue (issue 19): one handler, the move named by its endpoint.
    for (const move of Object.keys(tokenMoveEndpoints) as TokenMove[]) {
      route(app, tokenMoveEndpoints[move], async (request) => {
        const data = await bookings.moveInQueue({
          caller: request.caller,
          slotId: request.body.slotId,
          move,
        });
        return { data, message: tokenMoveMessages[move](data.token_number) };
      });
    }
  };
}
