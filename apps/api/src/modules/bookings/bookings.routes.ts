import rateLimit from '@fastify/rate-limit';
import {
  bookingMessages,
  bookingsQuery,
  bookSlotBody,
  cancelSlotQuery,
  createPatientBody,
  editNameBody,
  editTimeBody,
  patientByMobileQuery,
  patientByMobileResponse,
  patientResponse,
  slotResponse,
  slotsResponse,
  unseenBookingsCountQuery,
  unseenBookingsCountResponse,
  updateShowedUpBody,
} from '@vaidya/contract/bookings';
import { messages } from '@vaidya/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { requireWalletBalance } from '../access/authenticate';
import type { BookingsService } from './bookings.service';

const security = [{ bearerAuth: [] }];
const tags = ['bookings'];

/** The signed-in booking calls of spec §7; mutations sit behind the wallet guard (spec §4). */
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

    app.put(
      '/update-showed-up',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: 'Marks whether the patient of a booking has arrived',
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

    app.delete(
      '/cancel-token-by-admin',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: "Cancels a booking, freeing its time; a wallet partner's charge is refunded",
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

    app.get(
      '/get-patient-by-mobile',
      {
        schema: {
          tags,
          summary: "The clinic's patient with this mobile number, or null; nothing is created",
          security,
          querystring: patientByMobileQuery,
          response: { 200: patientByMobileResponse },
        },
      },
      async (request) => ({
        data: await bookings.findPatient({ caller: request.caller, mobile: request.query.mobile }),
      }),
    );

    app.post(
      '/create-user',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: 'The patient with this mobile number, created when the clinic has none',
          security,
          body: createPatientBody,
          response: { 200: patientResponse },
        },
      },
      async (request) => ({
        data: await bookings.createPatient({ caller: request.caller, payload: request.body }),
        message: bookingMessages.patientSaved,
      }),
    );
  };
}

/** Enough for a family booking from one phone or one clinic's waiting-room Wi-Fi; a flood stops here. */
const onlineBookingsPerAddressPerHour = 20;
/** Nobody needs more bookings than this under one number within an hour. */
const onlineBookingsPerMobilePerHour = 5;

type OnlineBooking = z.output<typeof bookSlotBody>;

/** The clinic's booking website (spec §7 public/book-slot): no sign-in, rate limited per address and per mobile. */
export function publicBookingsRoutes(bookings: BookingsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, { global: false });
    // Two counters on one route: createRateLimit checks without marking the request as
    // limited, which app.rateLimit does and which would let only the first of them run.
    const limiter = (options: { max: number; key: (request: FastifyRequest) => string; message: string }) => {
      const check = app.createRateLimit({
        max: options.max,
        timeWindow: '1 hour',
        keyGenerator: options.key,
      });
      return async (request: FastifyRequest) => {
        const limit = await check(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', options.message);
      };
    };
    const perAddress = limiter({
      max: onlineBookingsPerAddressPerHour,
      key: (request) => `address:${request.ip}`,
      message: messages.tooManyRequests,
    });
    // A preHandler runs after validation, so it counts the normalised number (+91 98… and 98… are one).
    const perMobile = limiter({
      max: onlineBookingsPerMobilePerHour,
      key: (request) => `mobile:${(request.body as OnlineBooking).customerMobile}`,
      message: bookingMessages.tooManyBookings,
    });

    app.post(
      '/book-slot',
      {
        preHandler: [perAddress, perMobile],
        schema: {
          tags: ['public'],
          summary: "Books a free slot from the clinic's booking website",
          body: bookSlotBody,
          response: { 201: slotResponse },
        },
      },
      async (request, reply) => {
        const data = await bookings.bookOnline({ payload: request.body });
        return reply.status(201).send({ data, message: bookingMessages.booked });
      },
    );
  };
}
