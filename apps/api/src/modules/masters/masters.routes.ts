import {
  dentalTreatmentTypesResponse,
  masterListQuery,
  masterMessages,
  productsOfTemplateQuery,
  productsOfTemplateResponse,
} from '@vaidya/contract/masters';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { type MasterDefinition, masterDefinitions } from './master-definitions';
import {
  addMaster,
  deleteMaster,
  listDentalTreatmentTypes,
  listMasters,
  productsOfTemplate,
  updateMaster,
} from './masters.service';

const security = [{ bearerAuth: [] }];

/** The consultation masters under /masters (spec §7): the same five calls for each master, plus two lookups. */
export function mastersRoutes({ db }: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    for (const master of masterDefinitions) registerMaster(app, db, master);

    app.get(
      '/masters/get-products-of-template',
      {
        schema: {
          tags: ['masters'],
          summary: 'The medicines of a template, in their order',
          security,
          querystring: productsOfTemplateQuery,
          response: { 200: productsOfTemplateResponse },
        },
      },
      async (request) => ({
        data: await productsOfTemplate({
          db,
          partnerId: request.caller.partnerId,
          templateId: request.query.template_id,
        }),
      }),
    );

    app.get(
      '/masters/get-dental-treatment-types',
      {
        schema: {
          tags: ['masters'],
          summary: 'The dental procedures a treatment can chart',
          security,
          response: { 200: dentalTreatmentTypesResponse },
        },
      },
      async () => ({ data: await listDentalTreatmentTypes(db) }),
    );
  };
}

function registerMaster(app: FastifyInstance, db: Db, master: MasterDefinition) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { names, addBody, updateBody, deleteQuery, listResponse, savedResponse } = master.contract;
  const tags = ['masters'];

  typed.get(
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
      data: await listMasters({ db, master, partnerId: request.caller.partnerId, query: request.query }),
    }),
  );

  typed.post(
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
      const data = await addMaster({
        db,
        master,
        partnerId: request.caller.partnerId,
        payload: request.body,
      });
      return reply.status(201).send({ data, message: masterMessages.added(names.label) });
    },
  );

  typed.put(
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
    async (request) => ({
      data: await updateMaster({
        db,
        master,
        partnerId: request.caller.partnerId,
        payload: request.body as { id: string },
      }),
      message: masterMessages.updated(names.label),
    }),
  );

  typed.delete(
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
    async (request) => ({
      data: await deleteMaster({
        db,
        master,
        partnerId: request.caller.partnerId,
        id: request.query[names.idQuery] as string,
      }),
      message: masterMessages.deleted(names.label),
    }),
  );
}
