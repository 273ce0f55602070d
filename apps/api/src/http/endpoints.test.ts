import { errorStatusesOf } from '@vaidya/contract/endpoint';
import { contractEndpoints } from '@vaidya/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner } from '../../test/partners';
import { type JsonSchema, plausible } from '../../test/plausible-input';
import { createTestApp, type TestApp } from '../../test/test-app';

/** An endpoint's path as the OpenAPI document writes it: `/api/public/referral/{code}`. */
const documentPath = (path: string) => `/api${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

/** A value every parameter accepts in shape, for a call that must reach the access check. */
const filled = (path: string) => path.replace(/:[A-Za-z_]+/g, 'abcd2345');

describe('the endpoints defined in the contract', () => {
  let t: TestApp;
  let document: {
    paths: Record<
      string,
      Record<
        string,
        {
          responses: Record<string, unknown>;
          security?: unknown;
          parameters?: { in: string; name: string; schema?: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
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
      expect(operation?.security !== undefined).toBe(definition.access !== 'public');
    },
  );

  it.each(Object.entries(contractEndpoints))(
    "%s asks for a token exactly when it needs one (signed-in, or a TV's)",
    async (_, definition) => {
      const response = await t.app.inject({
        method: definition.method,
        url: `/api${filled(definition.path)}`,
        ...(definition.method === 'GET' ? {} : { payload: {} }),
      });
      const needsToken = definition.access === 'signed-in' || definition.access === 'tv';
      if (needsToken) expect(response.statusCode).toBe(401);
      else expect(response.statusCode).not.toBe(401);
    },
  );

  /** Spec §4: booking, schedule and settings changes; never a queue action, a bill or a recharge. */
  const walletGuarded = Object.entries(contractEndpoints).filter(
    ([, definition]) => definition.guard === 'wallet',
  );

  it('guards the booking, schedule and settings changes with the wallet, and nothing else', () => {
    expect(walletGuarded.map(([name]) => name).sort()).toEqual([
      'bookings.bookAtFrontDesk',
      'bookings.cancel',
      'bookings.editName',
      'bookings.move',
      'consultationForms.deleteLayout',
      'consultationForms.uploadFooter',
      'consultationForms.uploadHeader',
      'consultationForms.uploadSignature',
      'partnerSettings.addLocationImage',
      'partnerSettings.addProfileImage',
      'partnerSettings.deleteLocationImage',
      'partnerSettings.deleteProfileImage',
      'partnerSettings.editDetails',
      'patients.create',
      'schedule.addLocation',
      'schedule.addOffDay',
      'schedule.addQueue',
      'schedule.addTiming',
      'schedule.deleteOffDay',
      'schedule.deleteTiming',
      'schedule.editTiming',
      'schedule.updateLocation',
      'schedule.updateQueue',
      'schedule.updateSlotSize',
      'tv.pair',
      'tv.unpair',
    ]);
  });

  it.each(walletGuarded)(
    '%s is refused to a wallet clinic below one booking’s charge',
    async (_, definition) => {
      const clinic = await createSignedInPartner(t, {
        subscription_type: 'wallet',
        wallet_balance: '9.99',
        charge_per_booking: '10.00',
      });
      // Input the contract takes, so the call gets past validation to the guard.
      const operation = document.paths[documentPath(definition.path)]?.[definition.method.toLowerCase()];
      const query = Object.fromEntries(
        (operation?.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => [parameter.name, String(plausible(parameter.schema, parameter.name))]),
      );
      const bodySchema = operation?.requestBody?.content['application/json']?.schema;
      const response = await t.app.inject({
        method: definition.method,
        url: `/api${filled(definition.path)}`,
        query,
        headers: clinic.headers,
        ...(bodySchema ? { payload: plausible(bodySchema) as Record<string, unknown> } : {}),
      });
      expect(response.statusCode, response.body).toBe(402);
      expect(response.json().code).toBe('PAYMENT_REQUIRED');
    },
  );
});
