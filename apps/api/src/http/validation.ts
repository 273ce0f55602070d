import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodErrorMap, type $ZodType, config, safeParse } from 'zod/v4/core';

/** A request the contract refused; its message is ready to show. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
}

const partNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/**
 * Validates each request part with its contract schema. The contract's own
 * sentences already name their field ("Complaint name must be at most 200
 * characters") and are answered as they are; zod's generic messages, which
 * only run when the contract gave none, are prefixed with the field's path
 * ("limit: Too big: expected number to be <=100"), or with the request part
 * when the part itself is wrong ("body: Invalid input: expected object").
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = ({ schema, httpPart }) => {
  const part = partNames[httpPart ?? ''] ?? 'request';
  const namingTheField: $ZodErrorMap = (issue) => {
    const field = issue.path?.length ? issue.path.map(String).join('.') : part;
    const generic = config().localeError?.(issue);
    return `${field}: ${typeof generic === 'object' && generic !== null ? generic.message : (generic ?? 'is invalid')}`;
  };
  return (data) => {
    const result = safeParse(schema, data, { error: namingTheField });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues[0]?.message ?? `${part}: is invalid`) };
  };
};
