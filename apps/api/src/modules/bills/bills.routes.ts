import rateLimit from '@fastify/rate-limit';
import {
  addBillPaymentBody,
  billBody,
  billBySlotQuery,
  billIdQuery,
  billMessages,
  billMessagesResponse,
  billOrNullResponse,
  billResponse,
  billsQuery,
  billsResponse,
  duesPaymentBody,
  duesQuery,
  duesResponse,
  editBillBody,
  pendingAmountBody,
  pendingAmountResponse,
  publicBillParams,
  publicBillResponse,
  receiptIdQuery,
  receiptResponse,
  sendBillMessageBody,
} from '@vaidya/contract/bills';
import { outboxMessageResponse, whatsAppSendMessage } from '@vaidya/contract/documents';
import { messages } from '@vaidya/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { BillsService } from './bills.service';

const tags = ['bills'];
const security = [{ bearerAuth: [] }];
const billWithMessage = billResponse.extend({ message: z.string() });
const deletedResponse = z.object({ data: z.object({ id: z.uuid() }), message: z.string() });

/** The signed-in bill calls of spec §7 "Bills", under /api/bill; not behind the wallet guard (spec §2). */
export function billsRoutes(bills: BillsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/add-bill',
      {
        schema: {
          tags,
          summary:
            'Bills a visit: numbered in the financial year, dated the clinic’s today; what is paid beyond it settles older balances',
          security,
          body: billBody,
          response: { 201: billWithMessage },
        },
      },
      async (request, reply) => {
        const data = await bills.addBill({ caller: request.caller, payload: request.body });
        return reply.status(201).send({ data, message: billMessages.added });
      },
    );

    app.put(
      '/edit-bill',
      {
        schema: {
          tags,
          summary: 'Replaces a bill’s lines and figures; its number and date stay, its payments too',
          security,
          body: editBillBody,
          response: { 200: billWithMessage },
        },
      },
      async (request) => ({
        data: await bills.editBill({ caller: request.caller, payload: request.body }),
        message: billMessages.updated,
      }),
    );

    app.delete(
      '/delete-bill',
      {
        schema: {
          tags,
          summary: 'Deletes a bill; its audit trail stays',
          security,
          querystring: billIdQuery,
          response: { 200: deletedResponse },
        },
      },
      async (request) => ({
        data: await bills.deleteBill({ caller: request.caller, id: request.query.id }),
        message: billMessages.deleted,
      }),
    );

    app.post(
      '/add-payment',
      {
        schema: {
          tags,
          summary: 'Records a part payment of a bill, up to its balance',
          security,
          body: addBillPaymentBody,
          response: { 200: billWithMessage },
        },
      },
      async (request) => ({
        data: await bills.addPayment({ caller: request.caller, payload: request.body }),
        message: billMessages.paymentRecorded,
      }),
    );

    app.get(
      '/get-dues',
      {
        schema: {
          tags,
          summary: 'A patient’s unpaid bills at a location, oldest first, and what they owe in all',
          security,
          querystring: duesQuery,
          response: { 200: duesResponse },
        },
      },
      async (request) => ({ data: await bills.getDues({ caller: request.caller, query: request.query }) }),
    );

    app.post(
      '/record-dues-payment',
      {
        schema: {
          tags,
          summary:
            'Records money against a patient’s dues at a location: settled oldest bill first, one payment per bill, under one receipt; 422 above what is owed',
          security,
          body: duesPaymentBody,
          response: { 201: receiptResponse.extend({ message: z.string() }) },
        },
      },
      async (request, reply) => {
        const data = await bills.recordDuesPayment({ caller: request.caller, payload: request.body });
        return reply.status(201).send({ data, message: billMessages.duesPaymentRecorded });
      },
    );

    app.get(
      '/get-receipt',
      {
        schema: {
          tags,
          summary:
            'A receipt of a payment against dues, as printed: the bills it paid and what was still due',
          security,
          querystring: receiptIdQuery,
          response: { 200: receiptResponse },
        },
      },
      async (request) => ({
        data: await bills.getReceipt({ caller: request.caller, receiptId: request.query.receiptId }),
      }),
    );

    app.get(
      '/get-bills',
      {
        schema: {
          tags,
          summary: 'A location’s bills, newest first: by name or mobile prefix and a date range',
          security,
          querystring: billsQuery,
          response: { 200: billsResponse },
        },
      },
      async (request) => ({ data: await bills.listBills({ caller: request.caller, query: request.query }) }),
    );

    app.get(
      '/get-by-id',
      {
        schema: {
          tags,
          summary: 'One bill of the clinic with its lines and payments',
          security,
          querystring: billIdQuery,
          response: { 200: billResponse },
        },
      },
      async (request) => ({ data: await bills.getBill({ caller: request.caller, id: request.query.id }) }),
    );

    app.get(
      '/get-by-slot-id',
      {
        schema: {
          tags,
          summary: "A booking's bill, or null when it has none yet",
          security,
          querystring: billBySlotQuery,
          response: { 200: billOrNullResponse },
        },
      },
      async (request) => ({
        data: await bills.getBillOfSlot({ caller: request.caller, slotId: request.query.slot_id }),
      }),
    );

    app.post(
      '/get-pending-amount',
      {
        schema: {
          tags,
          summary: 'A patient’s bills at a location, newest first, and the balance still owed on them',
          security,
          body: pendingAmountBody,
          response: { 200: pendingAmountResponse },
        },
      },
      async (request) => ({
        data: await bills.getPendingAmount({ caller: request.caller, payload: request.body }),
      }),
    );

    app.post(
      '/send-message',
      {
        schema: {
          tags,
          summary:
            'Sends the bill link on WhatsApp to the mobile number on the bill, with the names on record (the body’s number and names are ignored); 429 past 5 sends of one bill a day or the location’s hourly limit; every attempt is kept in the outbox with how it ended',
          security,
          body: sendBillMessageBody,
          response: { 200: outboxMessageResponse },
        },
      },
      async (request) => {
        const data = await bills.sendMessage({ caller: request.caller, id: request.body.billId });
        return { data, message: whatsAppSendMessage(data.status) };
      },
    );

    app.get(
      '/get-messages',
      {
        schema: {
          tags,
          summary: "A bill's WhatsApp messages, newest first",
          security,
          querystring: billIdQuery,
          response: { 200: billMessagesResponse },
        },
      },
      async (request) => ({
        data: await bills.listMessages({ caller: request.caller, id: request.query.id }),
      }),
    );
  };
}

/** A patient opening their bill a few times stays far below this; a scraper stops here. */
const billLookupsPerMinute = 60;

/** The bill page (spec §2): no sign-in, the bill's unguessable id is the permission. */
export function publicBillRoutes(bills: BillsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, {
      max: billLookupsPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.tooManyRequests),
    });

    app.get(
      '/bill/:id',
      {
        schema: {
          tags: ['public'],
          summary: 'A bill as printed: its lines and payments, its location and the clinic’s name',
          params: publicBillParams,
          response: { 200: publicBillResponse },
        },
      },
      async (request) => ({ data: await bills.getPublicBill({ id: request.params.id }) }),
    );
  };
}
