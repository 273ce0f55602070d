import { referralEndpoints, referralMessages } from '@vaidya/contract/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import type { ReferralsService } from './referrals.service';

/** The signed-in referral calls: refer a clinic, the list, the clinic's own link. */
export function referralsRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, referralEndpoints.refer, async (request) => ({
      data: await referrals.refer({ caller: request.caller, payload: request.body }),
      message: referralMessages.sent,
    }));
    route(app, referralEndpoints.list, async (request) => ({
      data: { results: await referrals.listReferrals({ caller: request.caller }) },
    }));
    route(app, referralEndpoints.link, async (request) => ({
      data: await referrals.referralLink({
        caller: request.caller,
        origin: `${request.protocol}://${request.host}`,
      }),
    }));
  };
}

/** The public one: the sign-up page names the clinic whose link was opened. */
export function publicReferralsRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, referralEndpoints.referrer, async (request) => ({
      data: await referrals.referrer({ code: request.params.code }),
    }));
  };
}
