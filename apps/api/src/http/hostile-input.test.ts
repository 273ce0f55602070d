import { Writable } from 'node:stream';
import { identityContentType, identityRequests, identityTargetPrefix } from '@vaidya/contract/identity';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSignedInPartner, type SignedInPartner } from '../../test/partners';
import { exampleMobile, type JsonSchema, plausible } from '../../test/plausible-input';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loggerOptions } from './logging';

/**
 * Walks every operation of the served OpenAPI document, so an endpoint added
 * later is covered the day it is added, and sends it values of every wrong
 * shape. Whatever comes in, the answer is never a 5xx.
 */

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}

interface HostileCase {
  name: string;
  request: InjectOptions;
}

/**
 * A number written as JSON text, for the numbers JSON.stringify cannot write:
 * -0.0, and 1e400, which JSON.parse reads as Infinity.
 */
class JsonNumberText {
  constructor(readonly text: string) {}
}
const numberTextMark = '@@json-number@@';

/** JSON text of a payload, with each JsonNumberText written as it is. */
function jsonText(payload: unknown): string {
  return JSON.stringify(payload, (_key, value) =>
    value instanceof JsonNumberText ? `${numberTextMark}${value.text}${numberTextMark}` : value,
  ).replaceAll(new RegExp(`"${numberTextMark}(.*?)${numberTextMark}"`, 'g'), '$1');
}

const hostileValues: [string, unknown][] = [
  ['a number', 42],
  ['an object', { nested: { deeper: 'x' } }],
  ['an array', ['x', 1]],
  ['null', null],
  ['a boolean', true],
  ['an empty string', ''],
  ['a 100k-character string', 'x'.repeat(100_000)],
  ['NUL', 'Fe\u0000ver'],
  ['control characters', 'a\u0007\u001b[31mb\u007f'],
  ['half a surrogate pair', 'a\ud800b'],
  ['LIKE wildcards and quotes', `%_\\'"`],
  ['-1', -1],
  ['a fraction', 0.5],
  ['2^31, past a 4-byte integer', 2 ** 31],
  ['2^63, past an 8-byte integer', 2 ** 63],
  ['1e308', 1e308],
  // Money: a billionth of a rupee, a tenth of a paisa, past any column, and what JSON.stringify cannot write.
  ['1e-9', 1e-9],
  ['0.001', 0.001],
  ['1e21', 1e21],
  ['-0.0', new JsonNumberText('-0.0')],
  ['1e400, read as Infinity', new JsonNumberText('1e400')],
  ['a 30-digit number as text', '9'.repeat(30)],
  ['an impossible date', '2026-02-30'],
  ['not a date, nor a uuid', 'not a date'],
  ['an array of NUL', ['\u0000']],
  ['an array of 10,000 items', Array.from({ length: 10_000 }, () => crypto.randomUUID())],
];

/** Query strings carry text only; a repeated key arrives as an array. */
const hostileQueryValues: [string, string | string[]][] = [
  ['an empty value', ''],
  ['a 100k-character value', 'x'.repeat(100_000)],
  ['NUL', 'Fe\u0000ver'],
  ['control characters', 'a\u0007\u001bb\u007f'],
  ['LIKE wildcards and quotes', `%_\\'"`],
  ['-1', '-1'],
  ['0', '0'],
  ['a fraction', '0.5'],
  ['2^63', '9223372036854775808'],
  ['1e308', '1e308'],
  ['NaN', 'NaN'],
  ['an impossible date', '2026-02-30'],
  ['not a uuid', 'not-a-uuid'],
  ['a repeated key', ['1', '2']],
];

let address = 0;
/** Each request from its own network, so rate limits never stop a case before validation. */
const freshAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

let mobiles = 0;
/** The request with its own mobile number, so limits per number (public booking) never stop a case before validation either. */
const underFreshMobile = (request: InjectOptions): InjectOptions => {
  if (typeof request.payload !== 'string') return request;
  mobiles += 1;
  const mobile = `9${String(mobiles).padStart(9, '0')}`;
  return { ...request, payload: request.payload.replaceAll(exampleMobile, mobile) };
};

const jsonRequest = (
  method: string,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) => ({
  method,
  url,
  headers: { 'content-type': 'application/json', ...headers },
  payload: jsonText(payload),
});

/** Cases that are about the body as a whole, whatever its schema. */
function wholeBodyCases(method: string, url: string, headers: Record<string, string>): HostileCase[] {
  const json = headers['content-type'] ?? 'application/json';
  const raw = (name: string, payload: string, contentType = json, extra: Record<string, string> = {}) => ({
    name,
    request: { method, url, headers: { ...headers, 'content-type': contentType, ...extra }, payload },
  });
  return [
    raw('malformed JSON', '{"name": '),
    raw('an empty body', ''),
    raw('a body of null', 'null'),
    raw('a body that is an array', '[1,2]'),
    raw('a body that is a string', '"x"'),
    raw('a body with __proto__', '{"__proto__": {"admin": true}}'),
    raw('a body with constructor.prototype', '{"constructor": {"prototype": {"admin": true}}}'),
    raw('an over-size body', JSON.stringify({ x: 'x'.repeat(2 * 1024 * 1024) })),
    raw('a body that claims gzip', '{"not": "gzip"}', json, { 'content-encoding': 'gzip' }),
    raw('a wrong content type', '<complaint/>', 'application/xml'),
    raw('form data', 'complaintName=Fever', 'application/x-www-form-urlencoded'),
    raw('text', 'Fever', 'text/plain'),
  ];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One property replaced by each hostile value, the others plausible; a nested
 * object's properties too, and those of the first object of a list (a bill's lines).
 */
function propertyCases(
  method: string,
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): HostileCase[] {
  const variants = Object.entries(body).flatMap(([property, plausibleValue]) =>
    hostileValues.flatMap(([valueName, value]) => {
      const [first, ...rest] = Array.isArray(plausibleValue) ? plausibleValue : [];
      return [
        { name: `${property} = ${valueName}`, body: { ...body, [property]: value } },
        ...(isPlainObject(plausibleValue)
          ? Object.keys(plausibleValue).map((inner) => ({
              name: `${property}.${inner} = ${valueName}`,
              body: { ...body, [property]: { ...plausibleValue, [inner]: value } },
            }))
          : []),
        ...(isPlainObject(first)
          ? Object.keys(first).map((inner) => ({
              name: `${property}.0.${inner} = ${valueName}`,
              body: { ...body, [property]: [{ ...first, [inner]: value }, ...rest] },
            }))
          : []),
      ];
    }),
  );
  return variants.map(({ name, body: variant }) => ({
    name,
    request: jsonRequest(method, url, variant, headers),
  }));
}

function queryCases(
  method: string,
  path: string,
  names: string[],
  query: Record<string, string>,
): HostileCase[] {
  return names.flatMap((name) =>
    hostileQueryValues.map(([valueName, value]) => ({
      name: `?${name} = ${valueName}`,
      request: { method, url: path, query: { ...query, [name]: value } },
    })),
  );
}

/** An authorization header that is no bearer token, or a token we never issued. */
const hostileAuthorizations: [string, string][] = [
  ['no bearer scheme', 'Basic YWRtaW46YWRtaW4='],
  ['an empty bearer token', 'Bearer '],
  ['a token that is not a JWT', 'Bearer not.a.jwt'],
  ['a JWT signed with "none"', `Bearer ${btoa('{"alg":"none"}')}.${btoa('{"sub":"x"}')}.`],
  ['a 100k-character token', `Bearer ${'x'.repeat(100_000)}`],
];

/** What a hand-typed or tampered URL may end with. */
const hostilePathEndings: [string, string][] = [
  ['an encoded NUL', '%00'],
  ['a broken percent-encoding', '%E0%A4%A'],
  ['an encoded traversal', '/..%2F..%2Fetc%2Fpasswd'],
  ['a broken query string', '?%zz=%&&=='],
];

function casesFor(path: string, method: string, operation: Operation): HostileCase[] {
  const verb = method.toUpperCase();
  if (path === '/api/identity' && verb === 'POST') return identityCases(path);
  const queryParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const query = Object.fromEntries(queryParameters.map((p) => [p.name, String(plausible(p.schema, p.name))]));
  const cases: HostileCase[] = [
    ...queryCases(
      verb,
      path,
      queryParameters.map((p) => p.name),
      query,
    ),
    ...hostileAuthorizations.map(([name, authorization]) => ({
      name: `authorization: ${name}`,
      request: { method: verb, url: path, query, headers: { authorization } },
    })),
    ...hostilePathEndings.map(([name, ending]) => ({
      name: `path: ${name}`,
      request: { method: verb, url: `${path}${ending}` },
    })),
  ];
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const url = `${path}?${new URLSearchParams(query)}`;
  if (!bodySchema) return [{ name: 'plausible values', request: { method: verb, url } }, ...cases];
  const body = plausible(bodySchema) as Record<string, unknown>;
  return [
    { name: 'plausible values', request: jsonRequest(verb, url, body) },
    ...cases,
    ...wholeBodyCases(verb, url, {}),
    ...propertyCases(verb, url, body),
  ];
}

/** The Cognito endpoint has one path and many actions; each action's fields come from the contract. */
function identityCases(path: string): HostileCase[] {
  const amz = (action: string) => ({
    'content-type': identityContentType,
    'x-amz-target': `${identityTargetPrefix}${action}`,
  });
  const cases: HostileCase[] = [
    {
      name: 'no X-Amz-Target',
      request: jsonRequest('POST', path, {}, { 'content-type': identityContentType }),
    },
    {
      name: 'an X-Amz-Target of 100k characters',
      request: jsonRequest('POST', path, {}, amz('x'.repeat(100_000))),
    },
  ];
  for (const [action, schema] of Object.entries(identityRequests)) {
    const body = plausible(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema) as Record<string, unknown>;
    cases.push(
      ...wholeBodyCases('POST', path, amz(action)).map((c) => ({ ...c, name: `${action}: ${c.name}` })),
      ...propertyCases('POST', path, body, amz(action)).map((c) => ({ ...c, name: `${action}: ${c.name}` })),
    );
  }
  return cases;
}

/** Statuses that only a handler gives (an unknown id, a duplicate name, a business rule), never validation. */
const answeredByHandler = [402, 404, 409, 422];

/** Several requests at a time: the PostgreSQL pool serves them side by side, PGlite queues them. */
async function inParallel<T>(items: T[], send: (item: T) => Promise<void>, width = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await send(item);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

describe('hostile input', () => {
  let t: TestApp;
  let partner: SignedInPartner;
  let paths: Record<string, Record<string, Operation>>;
  /** The database refusing a value is a safety net: the contract should have refused it first. */
  const warnings: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        const entry = JSON.parse(String(chunk));
        if (entry.level >= 40) warnings.push(`${entry.msg} ${JSON.stringify(entry.err)}`);
        done();
      },
    });
    t = await createTestApp({ logger: loggerOptions('warn', stream) });
    // A dentist's clinic, so the dental calls reach their rules too rather than stop at 403.
    partner = await createSignedInPartner(t, { speciality_type: 'DENTIST' });
    paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
  });
  afterAll(async () => {
    await t.close();
  });

  it('never gets a 5xx, nor an answer its operation does not document, from any operation of the served API', async () => {
    // The event streams never end for a valid token, so inject would wait forever;
    // booking-events.test.ts and tv.test.ts prove that every bad or missing token answers 401 at once.
    const streams = ['/api/booking-events', '/api/public/tv/stream'];
    const walked = Object.entries(paths).filter(([path]) => !streams.includes(path));
    const cases = walked.flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        casesFor(path, method, operation).map((hostile) => ({
          ...hostile,
          operation: `${method.toUpperCase()} ${path}`,
          documented: Object.keys(operation.responses ?? {}),
        })),
      ),
    );
    const failures: string[] = [];
    const undocumented: string[] = [];
    const statuses = new Map<string, Set<number>>();
    await inParallel(cases, async ({ operation, documented, name, request }) => {
      const response = await t.app.inject({
        ...underFreshMobile(request),
        headers: { ...partner.headers, ...request.headers },
        remoteAddress: freshAddress(),
      });
      statuses.set(operation, (statuses.get(operation) ?? new Set()).add(response.statusCode));
      if (response.statusCode >= 500)
        failures.push(`${operation} with ${name}: ${response.statusCode} ${response.body}`);
      // The document tells a client every answer it will meet (a path ending makes another
      // address, which no operation answers).
      if (!name.startsWith('path: ') && !documented.includes(String(response.statusCode)))
        undocumented.push(`${operation} answered ${response.statusCode}`);
    });
    expect(failures).toEqual([]);
    expect([...new Set(undocumented)]).toEqual([]);
    expect(warnings).toEqual([]);
    // The walk saw the whole API, and its cases got past sign-in and rate limits to validation and beyond.
    expect([...statuses.keys()]).toEqual(
      expect.arrayContaining([
        'POST /api/masters/add-complaint',
        'POST /api/public/leads',
        'POST /api/identity',
      ]),
    );
    for (const [operation, seen] of statuses) {
      expect(seen.has(429), `${operation} was rate-limited`).toBe(false);
      // Only a body signed with the gateway's secret gets past the webhook's signature check.
      if (operation === 'POST /api/public/payment/razorpay-webhook') continue;
      expect(
        [...seen].some((status) => status < 300 || answeredByHandler.includes(status)),
        `${operation}: no case got past validation to the handler`,
      ).toBe(true);
    }
  }, 180_000);
});
