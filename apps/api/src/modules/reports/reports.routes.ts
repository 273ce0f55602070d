import { whatsAppSendMessage } from '@vaidya/contract/documents';
import { reportEndpoints } from '@vaidya/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../http/endpoint-route';
import type { ReportsService } from './reports.service';

/** The reports (issue 24): collections, dues and their reminder, visits, treatments and medicines. */
export function reportsRoutes(reports: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, reportEndpoints, {
      collections: async (request) => ({
        data: await reports.collections({ reader: request.caller, query: request.query }),
      }),
      duesAgeing: async (request) => ({
        data: await reports.duesAgeing({ reader: request.caller, query: request.query }),
      }),
      sendDuesReminder: async (request) => {
        const data = await reports.sendDuesReminder({ caller: request.caller, body: request.body });
        return { data, message: whatsAppSendMessage(data.status) };
      },
      visits: async (request) => ({
        data: await reports.visits({ reader: request.caller, query: request.query }),
      }),
      treatments: async (request) => ({
        data: await reports.treatments({ reader: request.caller, query: request.query }),
      }),
    });
  };
}
