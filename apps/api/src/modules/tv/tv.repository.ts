import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { locations, partners, queues, tvDisplays } from '../../db/schema';

export async function insertTv(db: Db, tv: { tokenHash: string; code: string; codeExpiresAt: Date }) {
  const [row] = await db
    .insert(tvDisplays)
    .values({ token_hash: tv.tokenHash, pairing_code: tv.code, code_expires_at: tv.codeExpiresAt })
    .returning({ id: tvDisplays.id });
  return row?.id as string;
}

/** A TV with what its display names: its clinic, location and queue while it is paired. */
async function findTvWhere(db: Db, condition: ReturnType<typeof eq>) {
  const [row] = await db
    .select({
      id: tvDisplays.id,
      pairingCode: tvDisplays.pairing_code,
      codeExpiresAt: tvDisplays.code_expires_at,
      partnerId: tvDisplays.partner_id,
      queueId: tvDisplays.queue_id,
      lastSeenAt: tvDisplays.last_seen_at,
      clinicName: partners.name,
      timeZone: partners.time_zone,
      locationName: locations.location_name,
      queueName: queues.queue_name,
    })
    .from(tvDisplays)
    .leftJoin(partners, eq(partners.id, tvDisplays.partner_id))
    .leftJoin(locations, eq(locations.id, tvDisplays.location_id))
    .leftJoin(queues, eq(queues.id, tvDisplays.queue_id))
    .where(condition);
  return row;
}

export type TvRow = NonNullable<Awaited<ReturnType<typeof findTvWhere>>>;

export const findTvByTokenHash = (db: Db, tokenHash: string) =>
  findTvWhere(db, eq(tvDisplays.token_hash, tokenHash));

export const findTvById = (db: Db, id: string) => findTvWhere(db, eq(tvDisplays.id, id));

/** Gives a waiting TV a new code in place of its expired (or used) one. */
export async function replacePairingCode(db: Db, tv: { id: string; code: string; codeExpiresAt: Date }) {
  await db
    .update(tvDisplays)
    .set({ pairing_code: tv.code, code_expires_at: tv.codeExpiresAt })
    .where(and(eq(tvDisplays.id, tv.id), isNull(tvDisplays.paired_at)));
}

/** Marks the TV seen, writing at most once a minute however often it reads. */
export async function touchLastSeen(db: Db, tv: { id: string; now: Date }) {
  await db
    .update(tvDisplays)
    .set({ last_seen_at: tv.now })
    .where(
      and(
        eq(tvDisplays.id, tv.id),
        or(isNull(tvDisplays.last_seen_at), lt(tvDisplays.last_seen_at, new Date(tv.now.getTime() - 60_000))),
      ),
    );
}

/**
 * Pairs the waiting TV showing this unexpired code, in one statement: the code is cleared
 * as it is used, so two staff typing it at once pair it once. The TV's id, or undefined.
 */
export async function pairByCode(
  db: Db,
  pairing: {
    code: string;
    now: Date;
    partnerId: string;
    locationId: string;
    queueId: string;
    userId: string;
  },
) {
  const [row] = await db
    .update(tvDisplays)
    .set({
      pairing_code: null,
      partner_id: pairing.partnerId,
      location_id: pairing.locationId,
      queue_id: pairing.queueId,
      paired_at: pairing.now,
      paired_by: pairing.userId,
      unpaired_at: null,
    })
    .where(
      and(
        eq(tvDisplays.pairing_code, pairing.code),
        gt(tvDisplays.code_expires_at, pairing.now),
        isNull(tvDisplays.paired_at),
      ),
    )
    .returning({ id: tvDisplays.id });
  return row?.id;
}

/** Whether the queue is the partner's and at that location. */
export async function queueIsAtLocation(
  db: Db,
  ids: { partnerId: string; locationId: string; queueId: string },
) {
  const [row] = await db
    .select({ id: queues.id })
    .from(queues)
    .innerJoin(locations, eq(locations.id, queues.location_id))
    .where(
      and(
        eq(queues.id, ids.queueId),
        eq(queues.partner_id, ids.partnerId),
        eq(locations.id, ids.locationId),
        eq(locations.partner_id, ids.partnerId),
      ),
    );
  return row !== undefined;
}

export async function listPairedTvs(db: Db, partnerId: string) {
  return db
    .select({
      id: tvDisplays.id,
      location_id: locations.id,
      location_name: locations.location_name,
      queue_id: queues.id,
      queue_name: queues.queue_name,
      paired_at: tvDisplays.paired_at,
      last_seen_at: tvDisplays.last_seen_at,
    })
    .from(tvDisplays)
    .innerJoin(locations, eq(locations.id, tvDisplays.location_id))
    .innerJoin(queues, eq(queues.id, tvDisplays.queue_id))
    .where(eq(tvDisplays.partner_id, partnerId))
    .orderBy(desc(tvDisplays.paired_at));
}

/** Unpairs the partner's TV; the queue it showed, or undefined when the partner has no such TV. */
export async function unpairTv(db: Db, ids: { partnerId: string; id: string; now: Date }) {
  const [before] = await db
    .select({ queueId: tvDisplays.queue_id })
    .from(tvDisplays)
    .where(and(eq(tvDisplays.id, ids.id), eq(tvDisplays.partner_id, ids.partnerId)));
  if (!before) return undefined;
  const changed = await db
    .update(tvDisplays)
    .set({
      partner_id: null,
      location_id: null,
      queue_id: null,
      paired_at: null,
      paired_by: null,
      unpaired_at: ids.now,
    })
    .where(and(eq(tvDisplays.id, ids.id), eq(tvDisplays.partner_id, ids.partnerId)))
    .returning({ id: tvDisplays.id });
  return changed.length > 0 ? before.queueId : undefined;
}

/** The partner's queue with its names and the partner's zone, for a display of it. */
export async function findQueueForDisplay(db: Db, ids: { partnerId: string; queueId: string }) {
  const [row] = await db
    .select({
      clinicName: partners.name,
      timeZone: partners.time_zone,
      locationName: locations.location_name,
      queueName: queues.queue_name,
    })
    .from(queues)
    .innerJoin(partners, eq(partners.id, queues.partner_id))
    .innerJoin(locations, eq(locations.id, queues.location_id))
    .where(and(eq(queues.id, ids.queueId), eq(queues.partner_id, ids.partnerId)));
  return row;
}
