import {
  authenticationResultSchema,
  identityContentType,
  identityErrorSchema,
  identityTargetPrefix,
} from '@vaidya/contract/identity';
import { partnerDetailsResponse } from '@vaidya/contract/partner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../test/api-process';
import { testClientId } from '../test/test-app';
import { createTestClock } from '../test/test-clock';
import { openTestDatabase, type TestDatabase, testEngine } from '../test/test-database';
import { runCli } from './cli';

/**
 * How a clinic outgrows one process: several API processes behind a proxy on
 * one PostgreSQL database, with no PUBLIC_URL and no shared memory. A session
 * begun on one must work, refresh and end on any other.
 */
describe.skipIf(testEngine() !== 'postgres')(
  'two API processes on one PostgreSQL database (PostgreSQL only: the embedded database serves one process)',
  () => {
    const email = 'owner@two-processes.test';
    const password = 'Two-processes-one-clinic-2026';
    let database: TestDatabase;
    let a: ApiProcess | undefined;
    let b: ApiProcess | undefined;
    let partnerId: string;

    beforeAll(async () => {
      database = await openTestDatabase({ poolSize: 2 });
      const out: string[] = [];
      const created = await runCli(
        ['create-partner', '--name', 'Two Process Clinic', '--email', email, '--password', password],
        {
          db: async () => database.db,
          clock: createTestClock(new Date()).now,
          out: (line) => out.push(line),
          err: (line) => out.push(line),
        },
      );
      expect(created, out.join('\n')).toBe(0);
      partnerId = /partner ([\da-f-]{36})/.exec(out.join('\n'))?.[1] as string;

      // Started together on a database with no signing key yet: they must still agree on one.
      const env = {
        DATABASE_URL: database.url as string,
        DATABASE_POOL_SIZE: '2',
        IDENTITY_CLIENT_ID: testClientId,
      };
      const [first, second] = await Promise.allSettled([startApiProcess(env), startApiProcess(env)]);
      a = first.status === 'fulfilled' ? first.value : undefined;
      b = second.status === 'fulfilled' ? second.value : undefined;
      for (const started of [first, second]) if (started.status === 'rejected') throw started.reason;
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.dispose();
    });

    const identity = async (on: ApiProcess, action: string, request: object) => {
      const response = await fetch(`${on.url}/api/identity`, {
        method: 'POST',
        headers: { 'content-type': identityContentType, 'x-amz-target': `${identityTargetPrefix}${action}` },
        body: JSON.stringify(request),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const partnerDetails = (on: ApiProcess, idToken: string) =>
      fetch(`${on.url}/api/get-partner-details`, { headers: { authorization: `Bearer ${idToken}` } });

    it('a session begun on A is used and refreshed on B, and signing out on A ends it on B', async () => {
      const [onA, onB] = [a as ApiProcess, b as ApiProcess];
      const signIn = await identity(onA, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: testClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      });
      expect(signIn.status).toBe(200);
      const { IdToken, AccessToken, RefreshToken } = authenticationResultSchema.parse(
        signIn.body,
      ).AuthenticationResult;

      const details = await partnerDetails(onB, IdToken);
      expect(details.status).toBe(200);
      expect(partnerDetailsResponse.parse(await details.json()).data.id).toBe(partnerId);

      const refreshTokenAuth = {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: testClientId,
        AuthParameters: { REFRESH_TOKEN: RefreshToken },
      };
      const refreshed = await identity(onB, 'InitiateAuth', refreshTokenAuth);
      expect(refreshed.status).toBe(200);
      const refreshedIdToken = authenticationResultSchema.parse(refreshed.body).AuthenticationResult.IdToken;
      expect((await partnerDetails(onA, refreshedIdToken)).status).toBe(200);
      expect((await partnerDetails(onB, refreshedIdToken)).status).toBe(200);

      const signOut = await identity(onA, 'GlobalSignOut', { AccessToken });
      expect(signOut.status).toBe(200);
      expect((await partnerDetails(onB, IdToken)).status).toBe(401);
      expect((await partnerDetails(onB, refreshedIdToken)).status).toBe(401);
      const refreshAfterSignOut = await identity(onB, 'InitiateAuth', refreshTokenAuth);
      expect(refreshAfterSignOut.status).toBe(400);
      expect(identityErrorSchema.parse(refreshAfterSignOut.body).__type).toBe('NotAuthorizedException');
    });
  },
);
