import { errorStatusesOf } from '@vaidya/contract/endpoint';
import { contractEndpoints } from '@vaidya/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** An endpoint's path as the OpenAPI document writes it: `/api/public/referral/{code}`. */
const documentPath = (path: string) => `/api${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

/** A value every parameter accepts in shape, for a call that must reach the access check. */
const filled = (path: string) => path.replace(/:[A-Za-z_]+/g, 'abcd2345');

describe('the endpoints defined in the contract', () => {
  let t: TestApp;
  let document: {
    paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
  };
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(Object.entries(contractEndpoints))(
    '%s is served as defined, with every answer it can give documented',
    (_, definition) => {
      const operation = document.paths[documentPath(definition.path)]?.[definition.method.toLowerCase()];
      expect(operation, `${definition.method} ${definition.path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(
        [definition.status ?? 200, ...errorStatusesOf(definition)].map(String).sort(),
      );
      expect(operation?.security !== undefined).toBe(definition.access === 'signed-in');
    },
  );

  it.each(Object.entries(contractEndpoints))(
    '%s asks for a session exactly when it is signed-in',
    async (_, definition) => {
      const response = await t.app.inject({
        method: definition.method,
        url: `/api${filled(definition.path)}`,
        ...(definition.method === 'GET' ? {} : { payload: {} }),
      });
      if (definition.access === 'signed-in') expect(response.statusCode).toBe(401);
      else expect(response.statusCode).not.toBe(401);
    },
  );
});
