import {
  checkoutResultResponse,
  createOrderBody,
  creditsDetailsResponse,
  paymentMessages,
  paymentOrderResponse,
  paymentStatusResponse,
  testGatewayPayBody,
  updatePaymentStatusBody,
} from '@vaidya/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountMismatch, type PaymentsService } from './payments.service';

const tags = ['payments'];
const security = [{ bearerAuth: [] }];

/**
 * The signed-in payment calls of spec §7, under /api/payment. Not behind the wallet
 * guard: a clinic the guard blocks is sent here to recharge.
 */
export function paymentRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/create-rpy-order',
      {
        schema: {
          tags,
          summary: `Creates a ${payments.gatewayName ?? 'payment'} gateway order for a wallet recharge of the amount in rupees; 503 when no gateway is set up`,
          security,
          body: createOrderBody,
          response: { 200: paymentOrderResponse },
        },
      },
      async (request) => ({
        data: await payments.createOrder({ caller: request.caller, payload: request.body }),
        message: paymentMessages.orderCreated,
      }),
    );

    app.put(
      '/update-payment-status',
      {
        schema: {
          tags,
          summary:
            'Checks what Checkout returned and credits the order to the wallet once; a replay answers the balance',
          security,
          body: updatePaymentStatusBody,
          response: { 200: paymentStatusResponse },
        },
      },
      async (request) => ({
        data: await payments.updatePaymentStatus({ caller: request.caller, payload: request.body }),
        message: paymentMessages.recharged,
      }),
    );

    app.get(
      '/get-partner-credits-details',
      {
        schema: {
          tags,
          summary:
            'The wallet balance, the charge per booking, bookings left and the latest wallet movements',
          security,
          response: { 200: creditsDetailsResponse },
        },
      },
      async (request) => ({ data: await payments.creditsDetails({ caller: request.caller }) }),
    );

    // Only a server that chose the test gateway has its checkout: elsewhere this path does not exist.
    if (!payments.hasTestCheckout) return;
    app.post(
      '/test-gateway/pay',
      {
        schema: {
          tags,
          summary:
            'The test gateway’s checkout (no real money): success answers what Razorpay Checkout would, failure closes the order',
          security,
          body: testGatewayPayBody,
          response: { 200: checkoutResultResponse },
        },
      },
      async (request) => ({
        data: await payments.payWithTestGateway({ caller: request.caller, payload: request.body }),
      }),
    );
  };
}

/** The largest webhook body read; Razorpay's events are a few kilobytes. */
const webhookBodyLimit = 64 * 1024;

/**
 * Razorpay's webhook, under /api/public/payment. Its signature is over the bytes as
 * sent, so in this plugin only every body is kept as the raw text, whatever its type.
 */
export function publicPaymentRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: webhookBodyLimit },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/razorpay-webhook',
      {
        schema: {
          tags: ['public', ...tags],
          summary:
            'Razorpay events, checked with X-Razorpay-Signature over the raw body; payment.captured and order.paid credit their order once when the amount and currency are the order’s',
          headers: z.object({ 'x-razorpay-signature': z.string().optional() }),
          response: {
            200: z.object({
              data: z.object({ result: z.enum(['credited', 'ignored', amountMismatch]) }),
            }),
          },
        },
      },
      async (request) => ({
        data: {
          result: await payments.receiveWebhook({
            rawBody: typeof request.body === 'string' ? request.body : '',
            signature: request.headers['x-razorpay-signature'],
            log: request.log,
          }),
        },
      }),
    );
  };
}
