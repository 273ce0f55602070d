import { bookingMessages, patientEndpoints } from '@vaidya/contract/bookings';
import { patientMessages, patientRegistryEndpoints } from '@vaidya/contract/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { PatientsService } from './patients.service';

/**
 * The desk's patient calls of spec §7 (look a patient up by mobile, or create one behind the
 * wallet guard) and the clinic's patient registry (issue 21).
 */
export function patientsRoutes(patients: PatientsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, patientEndpoints, {
      byMobile: async (request) => ({
        data: await patients.findByMobile({ caller: request.caller, mobile: request.query.mobile }),
      }),
      create: withPayload(patients.create, bookingMessages.patientSaved),
    });
    serve(app, patientRegistryEndpoints, {
      list: async (request) => ({
        data: await patients.list({ caller: request.caller, query: request.query }),
      }),
      byId: async (request) => ({
        data: await patients.byId({ caller: request.caller, patientId: request.query.patient_id }),
      }),
      add: withPayload(patients.add, patientMessages.added),
      update: withPayload(patients.update, patientMessages.updated),
    });
  };
}
