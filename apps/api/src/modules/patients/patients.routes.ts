import {
  bookingMessages,
  createPatientBody,
  patientByMobileQuery,
  patientByMobileResponse,
  patientResponse,
} from '@vaidya/contract/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireWalletBalance } from '../access/authenticate';
import type { PatientsService } from './patients.service';

const security = [{ bearerAuth: [] }];
const tags = ['patients'];

/** The desk's patient calls of spec §7: look a patient up by mobile, or create one; creating sits behind the wallet guard. */
export function patientsRoutes(patients: PatientsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/get-patient-by-mobile',
      {
        schema: {
          tags,
          summary: "The clinic's patient with this mobile number, or null; nothing is created",
          security,
          querystring: patientByMobileQuery,
          response: { 200: patientByMobileResponse },
        },
      },
      async (request) => ({
        data: await patients.findByMobile({ caller: request.caller, mobile: request.query.mobile }),
      }),
    );

    app.post(
      '/create-user',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: 'The patient with this mobile number, created when the clinic has none',
          security,
          body: createPatientBody,
          response: { 200: patientResponse },
        },
      },
      async (request) => ({
        data: await patients.create({ caller: request.caller, payload: request.body }),
        message: bookingMessages.patientSaved,
      }),
    );
  };
}
