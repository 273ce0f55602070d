import { bookingMessages, patientEndpoints } from '@vaidya/contract/bookings';
import { patientMergeEndpoints, patientMergeMessages } from '@vaidya/contract/patient-merge';
import {
  maxImportRows,
  patientCsvEndpoints,
  patientImportMessages,
  patientMessages,
  patientRegistryEndpoints,
} from '@vaidya/contract/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { PatientCsvService } from './patients.csv.service';
import type { PatientMergeService } from './patients.merge.service';
import type { PatientsService } from './patients.service';
import type { PatientTimelineService } from './patients.timeline.service';

/**
 * The desk's patient calls of spec §7 (look a patient up by mobile, or create one behind the
 * wallet guard) and the clinic's patient registry (issue 21), with its CSV export and import
 * and the merging of duplicates.
 */
export function patientsRoutes(
  patients: PatientsService,
  csv: PatientCsvService,
  timeline: PatientTimelineService,
  merging: PatientMergeService,
): FastifyPluginAsyncZod {
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
      timeline: async (request) => ({
        data: await timeline.timeline({ caller: request.caller, query: request.query }),
      }),
    });
    serve(app, patientCsvEndpoints, {
      exportCsv: async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="patients.csv"')
          .send(await csv.exportCsv({ partnerId: request.caller.partnerId })),
      importCsv: async (request) => {
        const result = await csv.importCsv({
          partnerId: request.caller.partnerId,
          csv: request.body.csv,
          dryRun: request.body.dryRun,
          maxRows: maxImportRows,
        });
        const message = result.dryRun
          ? patientImportMessages.checked
          : patientImportMessages.imported(result.added);
        return { data: result, message };
      },
    });
    serve(app, patientMergeEndpoints, {
      duplicates: async (request) => ({
        data: await merging.duplicates({ caller: request.caller, query: request.query }),
      }),
      merge: withPayload(merging.merge, patientMergeMessages.merged),
    });
  };
}
