import { partnerEndpoints, partnerMessages } from '@vaidya/contract/partner';
import { partnerSettingsEndpoints } from '@vaidya/contract/partner-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { PartnerService } from './partner.service';

/** The clinic's details, and its settings changes (behind the wallet guard, spec §4). */
export function partnerRoutes(partner: PartnerService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, partnerEndpoints, {
      details: async (request) => ({ data: await partner.getPartnerDetails({ caller: request.caller }) }),
    });
    serve(app, partnerSettingsEndpoints, {
      editDetails: withPayload(partner.editPartnerDetails, partnerMessages.detailsUpdated),
      addProfileImage: async (request) => ({
        data: await partner.addProfileImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageAdded,
      }),
      deleteProfileImage: async (request) => ({
        data: await partner.deleteProfileImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageDeleted,
      }),
      addLocationImage: async (request) => ({
        data: await partner.addLocationImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageAdded,
      }),
      deleteLocationImage: async (request) => ({
        data: await partner.deleteLocationImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageDeleted,
      }),
    });
  };
}
