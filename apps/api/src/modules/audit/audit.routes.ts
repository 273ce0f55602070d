import { auditEndpoints } from '@vaidya/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../http/endpoint-route';
import type { AuditService } from './audit.service';

/** The audit trail (issue 23): a page of it, and the acts the filters select as a CSV file. */
export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, auditEndpoints, {
      events: async (request) => ({
        data: await audit.events({ caller: request.caller, query: request.query }),
      }),
      exportCsv: async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-trail.csv"')
          .send(await audit.exportCsv({ caller: request.caller, query: request.query })),
    });
  };
}
