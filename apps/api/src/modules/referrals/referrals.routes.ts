import { referralEndpoints, referralMessages } from '@vaidya/contract/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { ReferralsService } from './referrals.service';

/**
 * Referring clinics (spec §7 "Referrals"), and the sign-up page's own call: it names the
 * clinic whose link was opened.
 */
export function referralsRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, referralEndpoints, {
      refer: withPayload(referrals.refer, referralMessages.sent),
      list: async (request) => ({
        data: { results: await referrals.listReferrals({ caller: request.caller }) },
      }),
      link: async (request) => ({
        data: await referrals.referralLink({
          caller: request.caller,
          origin: `${request.protocol}://${request.host}`,
        }),
      }),
      referrer: async (request) => ({ data: await referrals.referrer({ code: request.params.code }) }),
    });
  };
}
