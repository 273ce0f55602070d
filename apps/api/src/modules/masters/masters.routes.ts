import { type MasterNames, masterEndpoints, masterMessages } from '@vaidya/contract/masters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import {
  complaintMaster,
  diagnosisMaster,
  investigationMaster,
  type MasterDefinition,
  type MasterTable,
  observationMaster,
  productMaster,
  productTemplateMaster,
  treatmentMaster,
} from './master-definitions';
import type { MastersService } from './masters.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The consultation masters under /masters (spec §7): the same four calls for each master, plus two lookups. */
export function mastersRoutes(masters: MastersService): FastifyPluginAsyncZod {
  return async (app) => {
    // In the order the Prescription Masters screen shows them.
    registerMaster(app, masters, complaintMaster);
    registerMaster(app, masters, observationMaster);
    registerMaster(app, masters, investigationMaster);
    registerMaster(app, masters, productMaster);
    registerMaster(app, masters, productTemplateMaster);
    registerMaster(app, masters, treatmentMaster);
    registerMaster(app, masters, diagnosisMaster);

    route(app, masterEndpoints.productsOfTemplate, async (request) => ({
      data: await masters.productsOfTemplate({
        caller: request.caller,
        templateId: request.query.template_id,
      }),
    }));
    route(app, masterEndpoints.dentalTreatmentTypes, async () => ({
      data: await masters.dentalTreatmentTypes(),
    }));
  };
}

/**
 * The validated body or query of one of registerMaster's routes. The handler's request types
 * it from the endpoint's schemas, a conditional type TypeScript leaves unresolved while the
 * schema's output is a type parameter (`P` below); the schema has already parsed the input
 * to exactly that output.
 */
const validated = <Output>(input: unknown) => input as Output;

function registerMaster<
  T extends MasterTable,
  P extends Record<Names['payloadField'], string>,
  R,
  Names extends MasterNames,
>(app: App, masters: MastersService, master: MasterDefinition<T, P, R, Names>) {
  const { names, endpoints } = master.contract;

  route(app, endpoints.list, async (request) => ({
    data: await masters.list({ master, caller: request.caller, query: request.query }),
  }));

  route(app, endpoints.add, async (request) => ({
    data: await masters.add({ master, caller: request.caller, payload: validated<P>(request.body) }),
    message: masterMessages.added(names.label),
  }));

  route(app, endpoints.update, async (request) => {
    const payload = validated<P & { id: string }>(request.body);
    return {
      data: await masters.update({ master, caller: request.caller, id: payload.id, payload }),
      message: masterMessages.updated(names.label),
    };
  });

  route(app, endpoints.remove, async (request) => {
    const idQuery: Names['idQuery'] = names.idQuery;
    const id = validated<Record<Names['idQuery'], string>>(request.query)[idQuery];
    return {
      data: await masters.remove({ master, caller: request.caller, id }),
      message: masterMessages.deleted(names.label),
    };
  });
}
