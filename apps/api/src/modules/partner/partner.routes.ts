import {
  locationWithImagesResponse,
  partnerDetailsResponse,
  partnerMessages,
} from '@vaidya/contract/partner';
import {
  deleteLocationImageBody,
  deleteProfileImageBody,
  editPartnerDetailsBody,
  locationImageBody,
  profileImageBody,
} from '@vaidya/contract/partner-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireWalletBalance } from '../access/authenticate';
import type { PartnerService } from './partner.service';

const tags = ['partner'];
const security = [{ bearerAuth: [] }];
/** Clinic settings changes are behind the wallet guard (spec §4). */
const guarded = { preHandler: requireWalletBalance };

export function partnerRoutes(partner: PartnerService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/get-partner-details',
      {
        schema: {
          tags,
          summary: 'The signed-in partner, its locations and the user',
          security,
          response: { 200: partnerDetailsResponse },
        },
      },
      async (request) => ({ data: await partner.getPartnerDetails({ caller: request.caller }) }),
    );

    app.put(
      '/v2/edit-partner-details',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Edits the clinic profile: name, speciality, booking website name and address',
          security,
          body: editPartnerDetailsBody,
          response: { 200: partnerDetailsResponse },
        },
      },
      async (request) => ({
        data: await partner.editPartnerDetails({ caller: request.caller, payload: request.body }),
        message: partnerMessages.detailsUpdated,
      }),
    );

    app.post(
      '/v2/add-profile-image',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Adds an uploaded image to the clinic profile',
          security,
          body: profileImageBody,
          response: { 200: partnerDetailsResponse },
        },
      },
      async (request) => ({
        data: await partner.addProfileImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageAdded,
      }),
    );

    app.put(
      '/v2/delete-profile-image',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Takes an image off the clinic profile',
          security,
          body: deleteProfileImageBody,
          response: { 200: partnerDetailsResponse },
        },
      },
      async (request) => ({
        data: await partner.deleteProfileImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageDeleted,
      }),
    );

    app.post(
      '/v2/add-location-image',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Adds an uploaded image to a location',
          security,
          body: locationImageBody,
          response: { 200: locationWithImagesResponse },
        },
      },
      async (request) => ({
        data: await partner.addLocationImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageAdded,
      }),
    );

    app.put(
      '/v2/delete-location-image',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Takes an image off a location',
          security,
          body: deleteLocationImageBody,
          response: { 200: locationWithImagesResponse },
        },
      },
      async (request) => ({
        data: await partner.deleteLocationImage({ caller: request.caller, ...request.body }),
        message: partnerMessages.imageDeleted,
      }),
    );
  };
}
