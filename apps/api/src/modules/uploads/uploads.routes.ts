import { errorBodySchema } from '@vaidya/contract/envelope';
import { maxUploadBytes, postedUploadFormSchema, uploadEndpoints } from '@vaidya/contract/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../http/endpoint-route';
import type { UploadsService } from './uploads.service';

const tags = ['uploads'];

/** Spec §7 "File upload": the signed-in half, which hands out signed forms. */
export function uploadsRoutes(uploads: UploadsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, uploadEndpoints.uploadForm, async (request) => ({
      data: await uploads.generateUploadForm({ caller: request.caller, payload: request.body }),
    }));
  };
}

/**
 * The public half: the local storage's upload endpoint, and the stored images for <img> tags.
 * Neither is a contract endpoint (decision 039): the first takes a multipart body and answers
 * 204 with none, the other answers bytes or a redirect for a key with slashes in it.
 */
export function publicUploadsRoutes(uploads: UploadsService): FastifyPluginAsyncZod {
  return async (app) => {
    if (uploads.receivesUploads) {
      // Room for the form's fields and part headers around the largest file.
      app.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'buffer', bodyLimit: maxUploadBytes + 64 * 1024 },
        (_request, body, done) => done(null, body),
      );
      app.post(
        '/uploads',
        {
          schema: {
            tags,
            summary:
              'Receives a file posted with a signed form (multipart/form-data, the file last); 204 once checked and stored, 409 when the form was used already',
            consumes: ['multipart/form-data'],
            body: postedUploadFormSchema,
            response: {
              204: z.null().describe('Stored; no body'),
              // A form that does not parse or is empty (400), not signed here or expired (403),
              // used already (409), a file too large or past the clinic's storage (413), not an
              // image (415).
              ...Object.fromEntries([400, 403, 409, 413, 415].map((status) => [status, errorBodySchema])),
            },
          },
          // The body is the raw form: the storage reads and checks it, signature first.
          validatorCompiler: () => (body) => ({ value: body }),
        },
        async (request, reply) => {
          await uploads.receiveUpload({
            contentType: request.headers['content-type'],
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          });
          return reply.status(204).send(null);
        },
      );
    }

    app.get(
      '/files/*',
      {
        schema: {
          tags,
          summary: 'A stored image by its key; the unguessable key is the permission (decision 019)',
          params: z.object({ '*': z.string() }),
          response: {
            200: z
              .unknown()
              .meta({ type: 'string', format: 'binary', description: 'The image’s bytes, kept for good' }),
            302: z.null().describe('To the image where it is stored (S3), for a few minutes'),
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { file, contentType } = await uploads.readFile({ key: request.params['*'] });
        if (file.kind === 'redirect') {
          return reply.header('cache-control', 'private, max-age=300').redirect(file.url, 302);
        }
        // A key never names other bytes, so the browser may keep them for good.
        return reply
          .type(contentType)
          .header('content-length', file.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.body);
      },
    );
  };
}
