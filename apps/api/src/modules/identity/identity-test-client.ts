import {
  type IdentityAction,
  type IdentityRequest,
  identityContentType,
  identityTargetPrefix,
} from '@vaidya/contract/identity';
import { desc, eq } from 'drizzle-orm';
import { type TestApp, testClientId } from '../../../test/test-app';
import { outboxMessages, users } from '../../db/schema';
import { createAccountsService } from './identity.accounts.service';

/** Test support for the identity stories (not a test file itself). */

let devices = 0;

/**
 * A browser on its own network address: the identity route is rate limited
 * per address, so each story gets its own device and one story's requests
 * never count against the next.
 */
export function newDevice(t: TestApp) {
  devices += 1;
  const remoteAddress = `10.${(devices >> 16) & 255}.${(devices >> 8) & 255}.${devices & 255}`;

  const send = (action: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity',
      remoteAddress,
      headers: {
        'content-type': identityContentType,
        'x-amz-target': `${identityTargetPrefix}${action}`,
        ...headers,
      },
      payload,
    });

  async function call<A extends IdentityAction>(action: A, request: IdentityRequest<A>) {
    const response = await send(action, JSON.stringify(request));
    // biome-ignore lint/suspicious/noExplicitAny: each story reads the fields its action answers with.
    return { status: response.statusCode, body: response.json() as any, headers: response.headers };
  }

  return {
    send,
    call,
    signIn: (email: string, password: string) =>
      call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: testClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    refresh: (refreshToken: string) =>
      call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: testClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
  };
}

export type Device = ReturnType<typeof newDevice>;

let accounts = 0;
const uniqueEmail = (who: string) => {
  accounts += 1;
  return `${who}${accounts}.${crypto.randomUUID().slice(0, 8)}@clinic.test`;
};

/** A clinic whose owner can sign in, as an operator creates it with the CLI. */
export async function createOwner(t: TestApp, options: { password?: string } = {}) {
  const email = uniqueEmail('owner');
  const password = options.password ?? 'Kothrud-clinic-owner-2026';
  const { partnerId, userId } = await createAccountsService({
    db: t.database.db,
    clock: t.clock.now,
  }).createClinic({
    clinicName: 'Shanti Clinic',
    email,
    password,
    ownerName: 'Dr. Meera Joshi',
    speciality: 'DOCTOR',
    subscription: 'standard',
    walletBalance: '0',
    chargePerBooking: '0',
  });
  return { email, password, partnerId, userId };
}

/** A staff member added by the owner, who must choose a new password at first sign-in. */
export async function createStaff(t: TestApp, ownerEmail: string) {
  const email = uniqueEmail('reception');
  const temporaryPassword = 'Temporary-pass-4821';
  const { userId } = await createAccountsService({ db: t.database.db, clock: t.clock.now }).createStaff({
    partnerEmail: ownerEmail,
    email,
    temporaryPassword,
    name: 'Kavita Shinde',
  });
  return { email, temporaryPassword, userId };
}

export async function setUser(t: TestApp, userId: string, values: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(values).where(eq(users.id, userId));
}

/** The emails the outbox holds for a recipient, newest first. */
export function emailsTo(t: TestApp, recipient: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.created_at));
}

/** The six-digit code of the newest email to `recipient`, as she would read it. */
export async function latestCode(t: TestApp, recipient: string): Promise<string> {
  const [newest] = await emailsTo(t, recipient);
  const code = newest?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was emailed to ${recipient}`);
  return code;
}

export const minutes = (n: number) => n * 60 * 1000;
