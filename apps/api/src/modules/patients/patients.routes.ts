import { bookingMessages, patientEndpoints } from '@vaidya/contract/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { PatientsService } from './patients.service';

/** The desk's patient calls of spec §7: look a patient up by mobile, or create one (behind the wallet guard). */
export function patientsRoutes(patients: PatientsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, patientEndpoints, {
      byMobile: async (request) => ({
        data: await patients.findByMobile({ caller: request.caller, mobile: request.query.mobile }),
      }),
      create: withPayload(patients.create, bookingMessages.patientSaved),
    });
  };
}
