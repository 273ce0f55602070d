import { paymentEndpoints, paymentMessages } from '@vaidya/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../http/endpoint-route';
import { amountMismatch, type PaymentsService } from './payments.service';

/**
 * The signed-in payment calls of spec §7, under /api/payment. Not behind the wallet
 * guard: a clinic the guard blocks is sent here to recharge.
 */
export function paymentRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, paymentEndpoints.createOrder, async (request) => ({
      data: await payments.createOrder({ caller: request.caller, payload: request.body }),
      message: paymentMessages.orderCreated,
    }));
    route(app, paymentEndpoints.confirm, async (request) => ({
      data: await payments.updatePaymentStatus({ caller: request.caller, payload: request.body }),
      message: paymentMessages.recharged,
    }));
    route(app, paymentEndpoints.credits, async (request) => ({
      data: await payments.creditsDetails({ caller: request.caller }),
    }));

    // Only a server that chose the test gateway has its checkout: elsewhere this path does not exist.
    if (!payments.hasTestCheckout) return;
    route(app, paymentEndpoints.payWithTestGateway, async (request) => ({
      data: await payments.payWithTestGateway({ caller: request.caller, payload: request.body }),
    }));
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
          tags: ['public', 'payments'],
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
