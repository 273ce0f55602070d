import { bookingMessages, patientEndpoints } from '@vaidya/contract/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import { requireWalletBalance } from '../access/authenticate';
import type { PatientsService } from './patients.service';

/** The desk's patient calls of spec §7: look a patient up by mobile, or create one; creating sits behind the wallet guard. */
export function patientsRoutes(patients: PatientsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, patientEndpoints.byMobile, async (request) => ({
      data: await patients.findByMobile({ caller: request.caller, mobile: request.query.mobile }),
    }));

    await app.register(async (guarded) => {
      guarded.addHook('preHandler', requireWalletBalance);
      route(guarded, patientEndpoints.create, async (request) => ({
        data: await patients.create({ caller: request.caller, payload: request.body }),
        message: bookingMessages.patientSaved,
      }));
    });
  };
}
