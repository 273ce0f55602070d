import { errorBodySchema } from '@vaidya/contract/envelope';
import { paymentEndpoints, paymentMessages } from '@vaidya/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serve, withPayload } from '../../http/endpoint-route';
import { amountMismatch, type PaymentsService } from './payments.service';

/**
 * The signed-in payment calls of spec §7. Not behind the wallet guard: a clinic the guard
 * blocks is sent here to recharge. Only a server that chose the test gateway has its
 * checkout: elsewhere that path does not exist.
 */
export function paymentRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, paymentEndpoints, {
      createOrder: withPayload(payments.createOrder, paymentMessages.orderCreated),
      confirm: withPayload(payments.updatePaymentStatus, paymentMessages.recharged),
      credits: async (request) => ({ data: await payments.creditsDetails({ caller: request.caller }) }),
      payWithTestGateway: payments.hasTestCheckout ? withPayload(payments.payWithTestGateway) : undefined,
    });
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
            // No signature, or one not over these bytes (400); a body past the limit (413).
            400: errorBodySchema,
            413: errorBodySchema,
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
