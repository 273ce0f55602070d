import { databaseRefusals } from '@vaidya/contract/database-refusals';
import type { ErrorBody } from '@vaidya/contract/envelope';
import type { ErrorCode } from '@vaidya/contract/errors';
import { messages } from '@vaidya/contract/messages';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { isRefusedValue, isUniqueViolation } from '../db/errors';
import { AppError } from './app-error';
import { RequestValidationError } from './validation';

/** Fastify's own 4xx errors (bad JSON, body too large, …) mapped onto our codes. */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'BUSINESS_RULE',
  429: 'RATE_LIMITED',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorResponse(error, request);
    // A 5xx the code chose (a gateway not set up or unreachable) is an operator's warning, not a fault.
    if (status >= 500 && error instanceof AppError) request.log.warn({ code: error.code }, error.message);
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
}

function toErrorResponse(error: FastifyError, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { message: error.message, code: error.code } };
  }
  if (error instanceof RequestValidationError) {
    return { status: 400, body: { message: error.message, code: 'VALIDATION_FAILED' } };
  }
  if (isRefusedValue(error)) {
    // Bad input all the same, so a 400; the warning says the contract has a gap to close.
    request.log.warn({ err: error }, 'the database refused a value the contract let through');
    return { status: 400, body: { message: databaseRefusals.valueNotAccepted, code: 'VALIDATION_FAILED' } };
  }
  if (isUniqueViolation(error)) {
    // Two writes of one record at once, the second refused by a unique rule its module did
    // not turn into a sentence of its own: a conflict to retry, and a gap the warning names.
    request.log.warn({ err: error }, 'a unique rule refused a write its module did not expect');
    return { status: 409, body: { message: databaseRefusals.changedMeanwhile, code: 'CONFLICT' } };
  }
  const status = error.statusCode ?? 500;
  const code = codeByStatus[status];
  if (status < 500 && code) {
    return { status, body: { message: error.message, code } };
  }
  return { status: 500, body: { message: messages.somethingWentWrong, code: 'INTERNAL' } };
}
