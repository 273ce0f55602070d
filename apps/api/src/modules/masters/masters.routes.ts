import {
  dentalTreatmentTypesResponse,
  type MasterNames,
  masterListQuery,
  masterMessages,
  productsOfTemplateQuery,
  productsOfTemplateResponse,
} from '@vaidya/contract/masters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

const security = [{ bearerAuth: [] }];
const tags = ['masters'];

/** The consultation masters under /masters (spec §7): the same five calls for each master, plus two lookups. */
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

    app.get(
      '/masters/get-products-of-template',
      {
        schema: {
          tags,
          summary: 'The medicines of a template, in their order',
          security,
          querystring: productsOfTemplateQuery,
          response: { 200: productsOfTemplateResponse },
        },
      },
      async (request) => ({
        data: await masters.productsOfTemplate({
          caller: request.caller,
          templateId: request.query.template_id,
        }),
      }),
    );

    app.get(
      '/masters/get-dental-treatment-types',
      {
        schema: {
          tags,
          summary: 'The dental procedures a treatment can chart',
          security,
          response: { 200: dentalTreatmentTypesResponse },
        },
      },
      async () => ({ data: await masters.dentalTreatmentTypes() }),
    );
  };
}

/**
 * The validated body or query of one of registerMaster's routes. Fastify types
 * it `UndefinedToUnknown<output of the schema>`, a conditional type TypeScript
 * leaves unresolved while the schema's output is a type parameter (`P` below);
 * the schema has already parsed the input to exactly that output.
 */
const validated = <Output>(input: unknown) => input as Output;

function registerMaster<
  T extends MasterTable,
  P extends Record<Names['payloadField'], string>,
  R,
  Names extends MasterNames,
>(app: App, masters: MastersService, master: MasterDefinition<T, P, R, Names>) {
  const { names, addBody, updateBody, deleteQuery, listResponse, savedResponse } = master.contract;

  app.get(
    `/masters/get-${names.plural}`,
    {
      schema: {
        tags,
        summary: `The ${names.plural} matching a name, a page at a time`,
        security,
        querystring: masterListQuery,
        response: { 200: listResponse },
      },
    },
    async (request) => ({
      data: await masters.list({ master, caller: request.caller, query: request.query }),
    }),
  );

  app.post(
    `/masters/add-${names.slug}`,
    {
      schema: {
        tags,
        summary: `Adds a ${names.slug}`,
        security,
        body: addBody,
        response: { 201: savedResponse },
      },
    },
    async (request, reply) => {
      const data = await masters.add({ master, caller: request.caller, payload: validated<P>(request.body) });
      return reply.status(201).send({ data, message: masterMessages.added(names.label) });
    },
  );

  app.put(
    `/masters/update-${names.slug}`,
    {
      schema: {
        tags,
        summary: `Renames or edits a ${names.slug}`,
        security,
        body: updateBody,
        response: { 200: savedResponse },
      },
    },
    async (request) => {
      const payload = validated<P & { id: string }>(request.body);
      return {
        data: await masters.update({ master, caller: request.caller, id: payload.id, payload }),
        message: masterMessages.updated(names.label),
      };
    },
  );

  app.delete(
    `/masters/delete-${names.slug}`,
    {
      schema: {
        tags,
        summary: `Deletes a ${names.slug}; past prescriptions and bills keep their own copy`,
        security,
        querystring: deleteQuery,
        response: { 200: savedResponse },
      },
    },
    async (request) => {
      const idQuery: Names['idQuery'] = names.idQuery;
      const id = validated<Record<Names['idQuery'], string>>(request.query)[idQuery];
      return {
        data: await masters.remove({ master, caller: request.caller, id }),
        message: masterMessages.deleted(names.label),
      };
    },
  );
}
