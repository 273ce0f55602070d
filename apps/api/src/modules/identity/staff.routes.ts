import { staffEndpoints, staffMessages } from '@vaidya/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { StaffService } from './identity.staff.service';

/**
 * The clinic's staff (issue 23): served with our own identity service and with an external
 * user pool alike; only owners call them (the contract's `clinicAdministration`), except a
 * doctor's own profile.
 */
export function staffRoutes(staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, staffEndpoints, {
      list: async (request) => ({ data: await staff.list({ caller: request.caller }) }),
      add: withPayload(staff.add, staffMessages.added),
      update: withPayload(staff.update, staffMessages.updated),
      resetPassword: withPayload(staff.resetPassword, staffMessages.passwordReset),
      disable: withPayload(staff.disable, staffMessages.disabled),
      enable: withPayload(staff.enable, staffMessages.enabled),
      updateDoctorProfile: withPayload(staff.updateDoctorProfile, staffMessages.profileUpdated),
    });
  };
}
