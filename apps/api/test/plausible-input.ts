import { testClientId } from './test-app';

/**
 * Values of the right shape for each field of an operation, read from the served OpenAPI
 * document: what the hostile-input walk starts each case from (so that a case changes one
 * thing only), and what a check that must get past validation sends.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  pattern?: string;
  minimum?: number;
  multipleOf?: number;
}

/** The mobile number of the examples; each request gets its own in its place (`underFreshMobile`). */
export const exampleMobile = '9876543210';

/** A well-formed upload key of nobody's: the image calls answer it 404. */
const exampleUploadKey = `${crypto.randomUUID()}/consultation-header/${'a'.repeat(22)}.png`;

/** Fields whose format no generic value meets; with these the other fields' cases get past them. */
const validExamples: Record<string, unknown> = {
  phoneNumber: exampleMobile,
  ClientId: testClientId,
  AuthParameters: { USERNAME: 'asha@clinic.test', PASSWORD: 'a long enough password' },
  date: '2026-11-10',
  startTime: '10:00',
  endTime: '13:00',
  customerMobile: exampleMobile,
  customer_mobile: exampleMobile,
  mobileNumber: exampleMobile,
  // A referred clinic's mobile.
  mobile: exampleMobile,
  tooth_number: 36,
  header: exampleUploadKey,
  footer: exampleUploadKey,
  signature: exampleUploadKey,
  // A bill line names a treatment or a medicine, never both.
  items: [{ name: 'Scaling', quantity: 1, unitPrice: 500, taxPercentage: 0 }],
  // A wallet recharge is ₹100 at least; a bill payment takes it as well.
  amount: 500,
  // A TV's pairing code: six of its letters and digits (no TV shows this one, so pairing answers 400).
  code: 'ABC234',
  // Settings: a website name, a location's phone, and images by key (nobody's: they answer 404).
  qrCodeDomain: 'smile-dental',
  domainUrl: 'https://smile-dental.in',
  contactNo: exampleMobile,
  profileImage: exampleUploadKey,
  locationImage: exampleUploadKey,
};

/** Names that mean another format in another request: the example that fits the field's pattern or values is taken. */
const otherFormats: Record<string, string[]> = {
  // The WhatsApp message's date is written as the preview shows it (en-GB).
  date: ['10/11/2026'],
  // delete-layout-elements' flags.
  header: ['true'],
  footer: ['true'],
  signature: ['true'],
  // A referral link's code: eight lower-case letters and digits.
  code: ['abcd2345'],
};

function exampleFor(field: string, schema: JsonSchema | undefined): unknown {
  const examples = [validExamples[field], ...(otherFormats[field] ?? [])];
  const pattern = schema?.pattern === undefined ? undefined : new RegExp(schema.pattern);
  const fits = (example: unknown) =>
    (!pattern || (typeof example === 'string' && pattern.test(example))) &&
    (!schema?.enum || schema.enum.includes(example));
  return examples.find(fits) ?? examples[0];
}

/** A value of the right shape, so that each case changes one thing only. */
export function plausible(schema: JsonSchema | undefined, field?: string): unknown {
  if (field !== undefined && field in validExamples) return exampleFor(field, schema);
  if (!schema) return 'Fever';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(variant);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'uuid' ? crypto.randomUUID() : 'Fever';
    case 'number':
    case 'integer': {
      // The smallest step at or above the minimum: a slot size is 5 minutes at least, in fives.
      const step = schema.multipleOf ?? 1;
      return Math.max(step, Math.ceil((schema.minimum ?? 1) / step) * step);
    }
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value, key)]),
      );
    default:
      return 'Fever';
  }
}
