import { partnerEndpoints, partnerMessages } from '@vaidya/contract/partner';
import { partnerSettingsEndpoints } from '@vaidya/contract/partner-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import { requireWalletBalance } from '../access/authenticate';
import type { PartnerService } from './partner.service';

export function partnerRoutes(partner: PartnerService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, partnerEndpoints.details, async (request) => ({
      data: await partner.getPartnerDetails({ caller: request.caller }),
    }));

    // Clinic settings changes are behind the wallet guard (spec §4).
    await app.register(async (guarded) => {
      guarded.addHook('preHandler', requireWalletBalance);

      route(guarded, partnerSettingsEndpoints.editDetails, async (request) => ({
        data: await partner.editPartnerDetails({ caller: request.caller, payload: request.body }),
        message: partnerMessages.detailsUpdated,
      }));
      route(guarded, partnerSettingsEndpoints.addProfileImage, async (request) => ({
        data: await partner.addProfileImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageAdded,
      }));
      route(guarded, partnerSettingsEndpoints.deleteProfileImage, async (request) => ({
        data: await partner.deleteProfileImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageDeleted,
      }));
      route(guarded, partnerSettingsEndpoints.addLocationImage, async (request) => ({
        data: await partner.addLocationImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageAdded,
      }));
      route(guarded, partnerSettingsEndpoints.deleteLocationImage, async (request) => ({
        data: await partner.deleteLocationImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageDeleted,
      }));
    });
  };
}
