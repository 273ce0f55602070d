import { dentalEndpoints, dentalMessages } from '@vaidya/contract/dental';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { DentalService } from './dental.service';

/** The dental chart's and treatment plans' calls (issue 22), under /api/dental. */
export function dentalRoutes(dental: DentalService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, dentalEndpoints, {
      chart: async (request) => ({
        data: await dental.getChart({ caller: request.caller, query: request.query }),
      }),
      addFindings: withPayload(dental.addFindings, dentalMessages.findingsAdded),
      voidFinding: withPayload(dental.voidFinding, dentalMessages.findingVoided),
      updateChart: withPayload(dental.updateChart, dentalMessages.chartUpdated),
      plans: async (request) => ({
        data: await dental.getPlans({ caller: request.caller, patientId: request.query.patient_id }),
      }),
      addPlan: withPayload(dental.addPlan, dentalMessages.planAdded),
      updatePlan: withPayload(dental.updatePlan, dentalMessages.planUpdated),
      acceptPlan: withPayload(dental.acceptPlan, dentalMessages.planAccepted),
      completeItems: withPayload(dental.completeItems, dentalMessages.itemsCompleted),
      billableItems: async (request) => ({
        data: await dental.getBillableItems({ caller: request.caller, patientId: request.query.patient_id }),
      }),
    });
  };
}
