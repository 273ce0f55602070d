import rateLimit from '@fastify/rate-limit';
import {
  type IdentityAction,
  type IdentityErrorKind,
  identityAnswerSchema,
  identityContentType,
  identityErrorSchema,
  identityMessages,
  identityRequests,
  identityTargetPrefix,
} from '@vaidya/contract/identity';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { IdentityService } from './identity.service';
import { IdentityError } from './identity-error';

/**
 * `POST /identity` speaks Cognito's user-pool JSON protocol, so the web app's
 * identity client works unchanged against this service or a real Cognito
 * user pool. Everything in this scope answers errors in Cognito's shape.
 */
export function identityRoutes(identity: IdentityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      identityContentType,
      { parseAs: 'string' },
      app.getDefaultJsonParser('error', 'error'),
    );
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, kind, message } = toCognitoError(error);
      if (status >= 500) request.log.error({ err: error }, 'identity request failed');
      if (error instanceof IdentityError && error.warning) {
        request.log.warn(error.warning.ids, error.warning.message);
      }
      return reply
        .status(status)
        .type(identityContentType)
        .header('x-amzn-errortype', `${kind}:`)
        .send({ __type: kind, message });
    });
    // Per client address, on top of the per-name lockout: slows one machine guessing many names.
    await app.register(rateLimit, {
      max: 60,
      timeWindow: '1 minute',
      errorResponseBuilder: () =>
        new IdentityError('TooManyRequestsException', identityMessages.rateExceeded),
    });

    // The AWS SDKs post to the endpoint's path with a slash added (`/identity/`); both are the one endpoint.
    for (const url of ['/identity', '/identity/']) {
      app.post(
        url,
        {
          bodyLimit: 64 * 1024,
          schema: {
            tags: ['identity'],
            summary: 'Cognito user-pool actions (X-Amz-Target: AWSCognitoIdentityProviderService.<Action>)',
            description: `Content-Type ${identityContentType}. Actions: ${Object.keys(identityRequests).join(', ')}. Errors: status 400 with { "__type": "<Kind>Exception", "message" }.`,
            hide: url.endsWith('/'),
            // Every refusal, a guesser's rate limit included, is Cognito's 400 (`toCognitoError`).
            response: { 200: identityAnswerSchema, 400: identityErrorSchema },
          },
        },
        async (request, reply) => {
          const action = readAction(request.headers['x-amz-target']);
          const input = parseInput(identityRequests[action], request.body);
          const result = await (identity[action] as (input: unknown) => Promise<Record<string, unknown>>)(
            input,
          );
          return reply.type(identityContentType).send(result);
        },
      );
    }

    app.get(
      '/identity/.well-known/jwks.json',
      { schema: { tags: ['identity'], summary: 'The public keys that verify id and access tokens' } },
      async (_request, reply) => reply.header('cache-control', 'public, max-age=600').send(identity.jwks()),
    );
  };
}

function readAction(target: string | string[] | undefined): IdentityAction {
  if (typeof target !== 'string' || target === '') {
    throw new IdentityError('InvalidParameterException', identityMessages.missingTarget);
  }
  const name = target.startsWith(identityTargetPrefix) ? target.slice(identityTargetPrefix.length) : '';
  if (!Object.hasOwn(identityRequests, name)) {
    throw new IdentityError('UnknownOperationException', identityMessages.unknownOperation(target));
  }
  return name as IdentityAction;
}

/** Validates the body against the action's contract schema; the message names the first bad field. */
function parseInput(schema: z.ZodType, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new IdentityError('InvalidParameterException', identityMessages.bodyNotObject);
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const missing = issue?.path.reduce<unknown>(
    (value, key) => (value as Record<PropertyKey, unknown>)?.[key],
    body,
  );
  throw new IdentityError(
    'InvalidParameterException',
    missing === undefined
      ? identityMessages.missingParameter(path)
      : identityMessages.invalidParameter(path, issue?.message ?? ''),
  );
}

function toCognitoError(error: FastifyError): { status: number; kind: IdentityErrorKind; message: string } {
  if (error instanceof IdentityError) return { status: 400, kind: error.kind, message: error.message };
  // Fastify's own 4xx: malformed JSON, a body too large, an unsupported content type.
  if (error.statusCode !== undefined && error.statusCode < 500) {
    const badJson =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
    return {
      status: 400,
      kind: 'InvalidParameterException',
      message: badJson ? identityMessages.bodyNotJson : error.message,
    };
  }
  return {
    status: 500,
    kind: 'InternalErrorException',
    message: identityMessages.internalError,
  };
}
