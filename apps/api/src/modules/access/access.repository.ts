import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { partners, queues, refreshTokens, slots, userLocations, users } from '../../db/schema';

/** What every signed-in request needs to know about its caller. */
const callerColumns = {
  userId: users.id,
  role: users.role,
  /** The locations a member of staff works at (none for an owner, who works at all). */
  locationIds: sql<
    string[]
  >`array(select ${userLocations.location_id} from ${userLocations} where ${userLocations.user_id} = ${users.id})`,
  userDisabledAt: users.disabled_at,
  partnerId: partners.id,
  partnerDisabledAt: partners.disabled_at,
  subscriptionType: partners.subscription_type,
  walletBalance: partners.wallet_balance,
  chargePerBooking: partners.charge_per_booking,
};

/** Who is calling, read in one query from the user, the partner and the sign-in session. */
export async function findSignedInCaller(db: Db, ids: { userId: string; sessionId: string }) {
  const [row] = await db
    .select({
      ...callerColumns,
      sessionExpiresAt: refreshTokens.expires_at,
      sessionRevokedAt: refreshTokens.revoked_at,
    })
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .innerJoin(refreshTokens, and(eq(refreshTokens.id, ids.sessionId), eq(refreshTokens.user_id, users.id)))
    .where(eq(users.id, ids.userId));
  return row;
}

/** Who is calling with an external user pool's token: the user linked to its `sub`, and the partner. */
export async function findCallerByIdentitySubject(db: Db, subject: string) {
  const [row] = await db
    .select(callerColumns)
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .where(eq(users.identity_subject, subject));
  return row;
}

/** A user and the clinic they belong to, as an operator names them by email. */
export async function findUserWithPartnerByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      identitySubject: users.identity_subject,
      partnerName: partners.name,
    })
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .where(eq(users.email, email));
  return row;
}

/** The email of the user an external `sub` is linked to, if any. */
export async function findEmailByIdentitySubject(db: Db, subject: string) {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.identity_subject, subject));
  return row?.email;
}

export async function setIdentitySubject(db: Db, change: { userId: string; subject: string; now: Date }) {
  await db
    .update(users)
    .set({ identity_subject: change.subject, updated_at: change.now })
    .where(eq(users.id, change.userId));
}

/**
 * A doctor of the clinic as a queue or a bill names one (issue 23): an active owner or doctor of
 * `partnerId`; undefined for anybody else, another clinic's people included.
 */
export async function findClinicDoctor(db: Db, ids: { partnerId: string; userId: string }) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.id, ids.userId),
        eq(users.partner_id, ids.partnerId),
        inArray(users.role, ['owner', 'doctor']),
        isNull(users.disabled_at),
      ),
    );
  return row;
}

/**
 * The locations of the clinic's queues and bookings among `queueIds` and `slotIds` (ids of
 * another clinic, or of nothing, give none): where a request that names them takes place.
 */
export async function findLocationsOfRecords(
  db: Db,
  ids: { partnerId: string; queueIds: string[]; slotIds: string[] },
): Promise<string[]> {
  const [ofQueues, ofSlots] = await Promise.all([
    ids.queueIds.length === 0
      ? []
      : db
          .select({ locationId: queues.location_id })
          .from(queues)
          .where(and(eq(queues.partner_id, ids.partnerId), inArray(queues.id, ids.queueIds))),
    ids.slotIds.length === 0
      ? []
      : db
          .select({ locationId: queues.location_id })
          .from(slots)
          .innerJoin(queues, eq(queues.id, slots.queue_id))
          .where(and(eq(slots.partner_id, ids.partnerId), inArray(slots.id, ids.slotIds))),
  ]);
  return [...ofQueues, ...ofSlots].map((row) => row.locationId);
}
