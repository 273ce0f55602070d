import {
  bookingEndpoints,
  bookingMessages,
  type TokenMove,
  tokenMoveEndpoints,
  tokenMoveMessages,
} from '@vaidya/contract/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import { requireWalletBalance } from '../access/authenticate';
import type { BookingsService } from './bookings.service';

/** The signed-in booking calls of spec §7; mutations but the queue actions sit behind the wallet guard (spec §4). */
export function bookingsRoutes(bookings: BookingsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, bookingEndpoints.day, async (request) => ({
      data: await bookings.listDay({ caller: request.caller, query: request.query }),
    }));
    route(app, bookingEndpoints.inPeriod, async (request) => ({
      data: await bookings.listInPeriod({ caller: request.caller, query: request.query }),
    }));
    route(app, bookingEndpoints.unseenOnlineCount, async (request) => ({
      data: {
        count: await bookings.countUnseenOnline({
          caller: request.caller,
          locationId: request.query.client_id,
        }),
      },
    }));

    // A queue action is never refused for money: what the wallet cannot cover is owed (decision 027).
    route(app, bookingEndpoints.setShowedUp, async (request) => ({
      data: await bookings.setShowedUp({
        caller: request.caller,
        slotId: request.body.slot_id,
        showedUp: request.body.showed_up,
      }),
      message: request.body.showed_up ? bookingMessages.showedUpMarked : bookingMessages.showedUpCleared,
    }));
    // One token's moves in the queue (issue 19): never refused for money either.
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

    await app.register(async (guarded) => {
      guarded.addHook('preHandler', requireWalletBalance);
      route(guarded, bookingEndpoints.bookAtFrontDesk, async (request) => ({
        data: await bookings.bookAtFrontDesk({ caller: request.caller, payload: request.body }),
        message: bookingMessages.booked,
      }));
      route(guarded, bookingEndpoints.cancel, async (request) => ({
        data: await bookings.cancel({ caller: request.caller, slotId: request.query.slot_id }),
        message: bookingMessages.cancelled,
      }));
      route(guarded, bookingEndpoints.editName, async (request) => ({
        data: await bookings.editName({
          caller: request.caller,
          slotId: request.body.slotId,
          name: request.body.customerName,
        }),
        message: bookingMessages.nameUpdated,
      }));
      route(guarded, bookingEndpoints.move, async (request) => ({
        data: await bookings.move({
          caller: request.caller,
          slotId: request.body.slotId,
          startTime: request.body.startTime,
        }),
        message: bookingMessages.timeUpdated,
      }));
    });
  };
}

/**
 * The clinic's booking website (spec §7 public/book-slot): no sign-in; the service counts
 * every attempt per client address and per mobile in the database, shared by every process.
 */
export function publicBookingsRoutes(bookings: BookingsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, bookingEndpoints.bookOnline, async (request) => ({
      data: await bookings.bookOnline({ payload: request.body, visitorAddress: request.ip }),
      message: bookingMessages.booked,
    }));
  };
}
