import { dentalEndpoints, dentalMessages } from '@vaidya/contract/dental';
import { whatsAppSendMessage } from '@vaidya/contract/documents';
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
      sendPlanMessage: async (request) => {
        const data = await dental.sendPlanMessage({ caller: request.caller, id: request.body.planId });
        return { data, message: whatsAppSendMessage(data.status) };
      },
      planMessages: async (request) => ({
        data: await dental.listPlanMessages({ caller: request.caller, id: request.query.id }),
      }),
      publicEstimate: async (request) => ({
        data: await dental.getPublicEstimate({ id: request.params.id }),
      }),
      billableItems: async (request) => ({
        data: await dental.getBillableItems({ caller: request.caller, patientId: request.query.patient_id }),
      }),
    });
  };
}
