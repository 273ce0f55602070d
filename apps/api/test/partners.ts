import { createHash, randomBytes } from 'node:crypto';
import { refreshTokenLifetimeSeconds } from '@vaidya/contract/identity';
import type { UserRole } from '@vaidya/contract/roles';
import type { Clock } from '../src/clock';
import type { Db } from '../src/db/database';
import { locations, partners, refreshTokens, userLocations, users } from '../src/db/schema';
import type { TokenService } from '../src/modules/identity/tokens';

export interface SignedInPartner {
  partnerId: string;
  locationId: string;
  userId: string;
  email: string;
  sessionId: string;
  idToken: string;
  accessToken: string;
  /** `Authorization: Bearer <id token>`, ready for `app.inject`. */
  headers: { authorization: string };
}

type PartnerValues = Partial<typeof partners.$inferInsert>;

/** A TestApp fits; so does the bench's own wiring. */
export interface PartnerFactoryDeps {
  database: { db: Db };
  tokens: TokenService;
  clock: { now: Clock };
}

let created = 0;

/**
 * A partner with one location and a signed-in owner, written straight to the
 * database, so a feature test starts from a clinic whose staff is at work.
 */
export async function createSignedInPartner(
  t: PartnerFactoryDeps,
  values: PartnerValues = {},
): Promise<SignedInPartner> {
  created += 1;
  const { db } = t.database;
  const email = `owner${created}.${randomBytes(3).toString('hex')}@clinic.test`;
  const [partner] = await db
    .insert(partners)
    .values({ name: `Test Clinic ${created}`, ...values })
    .returning({ id: partners.id });
  const partnerId = partner?.id as string;
  const [location] = await db
    .insert(locations)
    .values({ partner_id: partnerId, location_name: `Test Clinic ${created} main`, contact_no: '9876543210' })
    .returning({ id: locations.id });
  const [user] = await db
    .insert(users)
    .values({
      partner_id: partnerId,
      email,
      name: `Dr. Test ${created}`,
      // Not an argon2 hash: this owner signs in through tokens, never with a password.
      password_hash: '!',
      status: 'CONFIRMED',
      role: 'owner',
    })
    .returning({ id: users.id });
  return signIn(t, { partnerId, locationId: location?.id as string, userId: user?.id as string, email });
}

/**
 * A signed-in member of `clinic`'s staff with `role`, working at `locationIds` (the clinic's
 * first location when absent; an owner works at all and gets none).
 */
export async function addSignedInMember(
  t: PartnerFactoryDeps,
  clinic: Pick<SignedInPartner, 'partnerId' | 'locationId'>,
  member: { role: UserRole; locationIds?: string[]; values?: Partial<typeof users.$inferInsert> },
): Promise<SignedInPartner> {
  created += 1;
  const { db } = t.database;
  const email = `${member.role.replace('_', '-')}${created}.${randomBytes(3).toString('hex')}@clinic.test`;
  const [user] = await db
    .insert(users)
    .values({
      partner_id: clinic.partnerId,
      email,
      name: `${member.role} ${created}`,
      password_hash: '!',
      status: 'CONFIRMED',
      role: member.role,
      ...member.values,
    })
    .returning({ id: users.id });
  const userId = user?.id as string;
  const locationIds = member.role === 'owner' ? [] : (member.locationIds ?? [clinic.locationId]);
  if (locationIds.length > 0) {
    await db.insert(userLocations).values(
      locationIds.map((locationId) => ({
        user_id: userId,
        location_id: locationId,
        partner_id: clinic.partnerId,
      })),
    );
  }
  return signIn(t, { partnerId: clinic.partnerId, locationId: clinic.locationId, userId, email });
}

/** A session of a user written straight to the database, with its tokens. */
export async function signIn(
  t: PartnerFactoryDeps,
  user: Pick<SignedInPartner, 'partnerId' | 'locationId' | 'userId' | 'email'>,
): Promise<SignedInPartner> {
  const { userId, email } = user;
  const now = t.clock.now();
  const sessionId = crypto.randomUUID();
  await t.database.db.insert(refreshTokens).values({
    id: sessionId,
    family_id: sessionId,
    user_id: userId,
    token_hash: createHash('sha256').update(randomBytes(32)).digest('base64url'),
    expires_at: new Date(now.getTime() + refreshTokenLifetimeSeconds * 1000),
  });
  const { idToken, accessToken } = await t.tokens.issue({ userId, email, sessionId, authTime: now });
  return {
    ...user,
    sessionId,
    idToken,
    accessToken,
    headers: { authorization: `Bearer ${idToken}` },
  };
}

/** Partners A and B, so a test can prove that B gets 404 on A's ids. */
export async function createTwoPartners(t: PartnerFactoryDeps) {
  return { a: await createSignedInPartner(t), b: await createSignedInPartner(t) };
}
