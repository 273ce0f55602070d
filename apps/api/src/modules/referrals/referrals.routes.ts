import rateLimit from '@fastify/rate-limit';
import { messages } from '@vaidya/contract/messages';
import {
  newClientRequestBody,
  referralCodeParams,
  referralLinkResponse,
  referralListResponse,
  referralMessages,
  referralResponse,
  referrerResponse,
} from '@vaidya/contract/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import type { ReferralsService } from './referrals.service';

const tags = ['referrals'];
const security = [{ bearerAuth: [] }];

/** The signed-in referral calls under /api: refer a clinic, the list, the clinic's own link. */
export function referralsRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/new-client-request',
      {
        schema: {
          tags,
          summary: 'Refers another clinic (name, mobile, speciality, city); once per mobile',
          security,
          body: newClientRequestBody,
          response: { 201: referralResponse },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await referrals.refer({ caller: request.caller, payload: request.body }),
          message: referralMessages.sent,
        }),
    );

    app.get(
      '/referrals',
      {
        schema: {
          tags,
          summary: "The clinic's referrals with their status, newest first",
          security,
          response: { 200: referralListResponse },
        },
      },
      async (request) => ({ data: { results: await referrals.listReferrals({ caller: request.caller }) } }),
    );

    app.get(
      '/referral-link',
      {
        schema: {
          tags,
          summary: "The clinic's personal referral link to sign-up, its code made on the first ask",
          security,
          response: { 200: referralLinkResponse },
        },
      },
      async (request) => ({
        data: await referrals.referralLink({
          caller: request.caller,
          origin: `${request.protocol}://${request.host}`,
        }),
      }),
    );
  };
}

/** Enough for people opening referral links; a walk through codes from one network stops here. */
const lookupsPerMinute = 30;

/** Under /api/public: the sign-up page names the clinic whose link was opened. */
export function publicReferralsRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, {
      max: lookupsPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.tooManyRequests),
    });
    app.get(
      '/referral/:code',
      {
        schema: {
          tags: ['public', ...tags],
          summary: 'The name of the clinic whose referral link carries this code',
          params: referralCodeParams,
          response: { 200: referrerResponse },
        },
      },
      async (request) => ({ data: await referrals.referrer({ code: request.params.code }) }),
    );
  };
}
