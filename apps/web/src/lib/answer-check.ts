/**
 * Checks an answer against the JSON Schema the build derives from the contract's zod schema
 * (`build/light-contract-plugin.ts`), for the pages too light to bring zod (decision 040).
 * It knows the keywords below, which are all that zod's `toJSONSchema` writes for the answers
 * of those pages; the build refuses a schema with any other.
 */
export interface AnswerSchema {
  type?: string | string[];
  properties?: Record<string, AnswerSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: AnswerSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: AnswerSchema[];
  oneOf?: AnswerSchema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/** The keywords `fitsSchema` reads (`format` is left to the `pattern` zod writes beside it). */
export const answerSchemaKeywords = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
};

const isType = (value: unknown, type: string): boolean =>
  type === 'integer' ? Number.isInteger(value) : typeOf(value) === type;

const within = (value: number, schema: AnswerSchema): boolean =>
  (schema.minimum === undefined || value >= schema.minimum) &&
  (schema.maximum === undefined || value <= schema.maximum) &&
  (schema.exclusiveMinimum === undefined || value > schema.exclusiveMinimum) &&
  (schema.exclusiveMaximum === undefined || value < schema.exclusiveMaximum);

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether `value` is what `schema` describes. */
export function fitsSchema(value: unknown, schema: AnswerSchema): boolean {
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length > 0 && !types.some((type) => isType(value, type))) return false;
  if (schema.const !== undefined && !sameValue(value, schema.const)) return false;
  if (schema.enum && !schema.enum.some((option) => sameValue(value, option))) return false;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && !alternatives.some((alternative) => fitsSchema(value, alternative))) return false;
  if (typeof value === 'number' && !within(value, schema)) return false;
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    const { items } = schema;
    if (items && !value.every((item) => fitsSchema(item, items))) return false;
  }
  if (typeOf(value) === 'object') return fitsObject(value as Record<string, unknown>, schema);
  return true;
}

function fitsObject(value: Record<string, unknown>, schema: AnswerSchema): boolean {
  const properties = schema.properties ?? {};
  if ((schema.required ?? []).some((name) => !(name in value))) return false;
  if (schema.additionalProperties === false && Object.keys(value).some((name) => !(name in properties))) {
    return false;
  }
  return Object.entries(properties).every(
    ([name, property]) => value[name] === undefined || fitsSchema(value[name], property),
  );
}
