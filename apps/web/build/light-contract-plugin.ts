import type { Plugin } from 'vite';
import { runnerImport } from 'vite';
import { type ZodType, z } from 'zod';
import { type AnswerSchema, answerSchemaKeywords } from '../src/lib/answer-check.ts';

const suffix = '?light';
const prefix = '\0light-contract:';

const isZodSchema = (value: unknown): value is ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** What a light page needs of an endpoint (packages/contract/src/endpoint.ts). */
interface ContractEndpoint {
  method: string;
  path: string;
  access: string;
  response: ZodType;
}

const isEndpoint = (value: unknown): value is ContractEndpoint =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  isZodSchema((value as { response?: unknown }).response);

const isEndpointGroup = (value: unknown): value is Record<string, ContractEndpoint> =>
  typeof value === 'object' &&
  value !== null &&
  !isZodSchema(value) &&
  Object.values(value).length > 0 &&
  Object.values(value).every(isEndpoint);

/** Every keyword of `schema`, its sub-schemas' included, that the light pages' checker does not read. */
function unknownKeywords(schema: Record<string, unknown>): string[] {
  const own = Object.keys(schema).filter(
    (keyword) => !(answerSchemaKeywords as readonly string[]).includes(keyword),
  );
  const children = [
    ...Object.values((schema.properties as Record<string, Record<string, unknown>>) ?? {}),
    ...(schema.items ? [schema.items as Record<string, unknown>] : []),
    ...((schema.anyOf ?? schema.oneOf ?? []) as Record<string, unknown>[]),
  ];
  return [...own, ...children.flatMap(unknownKeywords)];
}

/** `additionalProperties` aside, which zod writes for an object's output only. */
const shapeOf = (schema: unknown) =>
  JSON.stringify(schema, (key, value) => (key === 'additionalProperties' ? undefined : value));

/**
 * The answer as the JSON it arrives in, for `fitsSchema`: an answer zod would change while
 * parsing (a transform, a default) cannot be checked without zod, and the build says so.
 */
function answerSchemaOf(schema: ZodType, name: string): AnswerSchema {
  const { $schema: _, ...input } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  const { $schema: __, ...output } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  if (shapeOf(input) !== shapeOf(output)) {
    throw new Error(`${name}: zod changes this answer while parsing; a light page cannot check it`);
  }
  const unknown = unknownKeywords(input);
  if (unknown.length > 0) {
    throw new Error(`${name}: lib/answer-check.ts does not read ${[...new Set(unknown)].join(', ')}`);
  }
  return input as AnswerSchema;
}

/**
 * `import { siteEndpoints } from '@vaidya/contract/site?light'`: the contract module's endpoint
 * groups and `…Response` schemas without zod, for the pages that must stay light (decision 039).
 * Each endpoint keeps its method, path and access; each answer schema becomes the JSON Schema
 * zod derives from it, which `lib/light-api.ts` checks answers against. Made at build time
 * from the contract itself, so nothing is written twice; `src/light-contract.d.ts` types them.
 */
export function lightContractPlugin(): Plugin {
  return {
    name: 'vaidya:light-contract',
    // Before Vite's own resolver, which would take `…/site?light` for the module itself.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.startsWith('@vaidya/contract/') || !source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { skipSelf: true });
      return resolved ? `${prefix}${resolved.id}` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length);
      this.addWatchFile(file);
      const { module: contract } = await runnerImport<Record<string, unknown>>(file);
      const exports = Object.entries(contract).flatMap(([name, value]) => {
        if (isEndpointGroup(value)) {
          const group = Object.fromEntries(
            Object.entries(value).map(([endpointName, { method, path, access, response }]) => [
              endpointName,
              { method, path, access, response: answerSchemaOf(response, `${name}.${endpointName}`) },
            ]),
          );
          return [`export const ${name} = ${JSON.stringify(group)};`];
        }
        if (name.endsWith('Response') && isZodSchema(value)) {
          return [`export const ${name} = ${JSON.stringify(answerSchemaOf(value, name))};`];
        }
        return [];
      });
      return exports.join('\n');
    },
  };
}
