import { createHash, randomBytes, randomInt } from 'node:crypto';
import { bookingRecordLabels, queueLineOf } from '@vaidya/contract/bookings';
import { localToday } from '@vaidya/contract/calendar-dates';
import {
  type PairedTv,
  pairingCodeAlphabet,
  pairingCodeLength,
  pairingCodeLifetimeSeconds,
  type TvDisplay,
  type TvQueueDisplay,
  type TvRegistration,
  tvMessages,
} from '@vaidya/contract/tv';
import type { BookingEvents } from '../../adapters/realtime/booking-events';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { listQueueLine } from '../bookings/bookings.repository';
import type { BookingsService } from '../bookings/bookings.service';
import {
  findQueueForDisplay,
  findTvById,
  findTvByTokenHash,
  insertTv,
  listPairedTvs,
  pairByCode,
  queueIsAtLocation,
  replacePairingCode,
  type TvRow,
  touchLastSeen,
  unpairTv,
} from './tv.repository';

/** The partial unique index that keeps two waiting TVs from showing one code (db/schema.ts). */
const pairingCodeIndex = 'tv_displays_pairing_code_key';

/** A collision is one in hundreds of millions; a few tries are plenty. */
const codeAttempts = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const newPairingCode = () =>
  Array.from(
    { length: pairingCodeLength },
    () => pairingCodeAlphabet[randomInt(pairingCodeAlphabet.length)],
  ).join('');

/** The room sees a first name at most, never a mobile number or a surname. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** What a TV's stream is following now: its own id always, and its partner's queue while paired. */
interface Watched {
  partnerId: string | null;
  queueId: string | null;
  date: string | null;
}

/**
 * The waiting-room TV (issue 12). A TV holds a random token (only its hash is kept) that
 * reads its own display and nothing else; staff pair it with one queue by the short code
 * it shows. Its display follows the booking events of that queue; pairing and unpairing
 * are told to the TV's own id, so its stream switches at once on any API process.
 */
export function createTvService(deps: {
  db: Db;
  clock: Clock;
  events: BookingEvents;
  /** Moves the queue when a desk calls the next token. */
  bookings: Pick<BookingsService, 'callNext'>;
}) {
  const { db, clock, events, bookings } = deps;

  /**
   * Tells one TV's stream, in whichever process holds it, that it was paired or unpaired.
   * The events port is keyed by the listener's owner: a bookings screen listens under its
   * partner, a TV stream also under its own id, which no partner shares (decision 024).
   */
  function tellTv({ id, queueId, now }: { id: string; queueId: string; now: Date }) {
    events.publish({
      partnerId: id,
      queueId,
      date: now.toISOString().slice(0, 10),
      slotId: id,
      kind: 'tv_pairing',
    });
  }

  /** Runs `write` with fresh codes until one is free of the unique index. */
  async function withFreshCode<T>(write: (code: string, codeExpiresAt: Date) => Promise<T>) {
    const codeExpiresAt = new Date(clock().getTime() + pairingCodeLifetimeSeconds * 1000);
    for (let attempt = 1; ; attempt += 1) {
      const code = newPairingCode();
      try {
        return { code, codeExpiresAt, result: await write(code, codeExpiresAt) };
      } catch (error) {
        if (!isUniqueViolationOf(error, pairingCodeIndex) || attempt >= codeAttempts) throw error;
      }
    }
  }

  async function queueDisplay(queue: {
    queueId: string;
    date: string;
    clinicName: string;
    locationName: string;
    queueName: string;
    timeZone: string;
  }): Promise<TvQueueDisplay> {
    const { date } = queue;
    const { serving, waiting } = queueLineOf(await listQueueLine(db, { queueId: queue.queueId, date }));
    const toToken = (token: { token_number: number; name: string }) => ({
      token_number: token.token_number,
      patient: firstName(token.name),
    });
    return {
      status: 'paired',
      clinic_name: queue.clinicName,
      location_name: queue.locationName,
      queue_name: queue.queueName,
      date,
      time_zone: queue.timeZone,
      now_serving: serving ? toToken(serving) : null,
      next: waiting.map(toToken),
    };
  }

  /** The TV's display now; a waiting TV whose code expired or was used gets a new one here. */
  async function displayOf(tv: TvRow): Promise<{ display: TvDisplay; watched: Watched }> {
    if (tv.partnerId && tv.queueId && tv.clinicName && tv.locationName && tv.queueName && tv.timeZone) {
      const display = await queueDisplay({
        queueId: tv.queueId,
        date: localToday(tv.timeZone, clock()).date,
        clinicName: tv.clinicName,
        locationName: tv.locationName,
        queueName: tv.queueName,
        timeZone: tv.timeZone,
      });
      return { display, watched: { partnerId: tv.partnerId, queueId: tv.queueId, date: display.date } };
    }
    let code = tv.pairingCode;
    let codeExpiresAt = tv.codeExpiresAt;
    if (!code || codeExpiresAt <= clock()) {
      const fresh = await withFreshCode((next, expiresAt) =>
        replacePairingCode(db, { id: tv.id, code: next, codeExpiresAt: expiresAt }),
      );
      code = fresh.code;
      codeExpiresAt = fresh.codeExpiresAt;
    }
    return {
      display: { status: 'waiting', pairing_code: code, code_expires_at: codeExpiresAt.toISOString() },
      watched: { partnerId: null, queueId: null, date: null },
    };
  }

  /** The TV holding this token, marked seen; an unknown token is refused. */
  async function signIn(token: string): Promise<TvRow> {
    const tv = await findTvByTokenHash(db, hashToken(token));
    if (!tv) throw new AppError('UNAUTHENTICATED', tvMessages.notPaired);
    await touchLastSeen(db, { id: tv.id, now: clock() });
    return tv;
  }

  return {
    async register(): Promise<TvRegistration> {
      const token = randomBytes(32).toString('base64url');
      const { code, codeExpiresAt } = await withFreshCode((next, expiresAt) =>
        insertTv(db, { tokenHash: hashToken(token), code: next, codeExpiresAt: expiresAt }),
      );
      return { token, pairing_code: code, code_expires_at: codeExpiresAt.toISOString() };
    },

    async display({ token }: { token: string }): Promise<TvDisplay> {
      return (await displayOf(await signIn(token))).display;
    },

    /**
     * A TV's live display: `start` sends it at once and again after each change of its
     * queue's day, its pairing or its unpairing (an unchanged display is not sent again).
     * An unknown token is refused here, before any stream opens; `beat` fails once the
     * token is unknown.
     */
    async watch({ token }: { token: string }) {
      const tv = await signIn(token);
      let send: (display: TvDisplay) => void = () => {};
      let watched: Watched = { partnerId: null, queueId: null, date: null };
      let unsubscribeOwn = () => {};
      let unsubscribePartner = () => {};
      let stopped = false;
      let running = false;
      let again = false;
      let lastSent: string | undefined;

      const follow = (next: Watched) => {
        if (next.partnerId !== watched.partnerId) {
          unsubscribePartner();
          unsubscribePartner = next.partnerId
            ? events.subscribe(next.partnerId, (event) => {
                if (event.queueId === watched.queueId && event.date === watched.date) refresh();
              })
            : () => {};
        }
        watched = next;
      };

      /** One read at a time; changes arriving during a read cause one more read after it. */
      function refresh() {
        if (stopped) return;
        if (running) {
          again = true;
          return;
        }
        running = true;
        findTvById(db, tv.id)
          .then(async (row) => {
            if (!row || stopped) return;
            const { display, watched: next } = await displayOf(row);
            if (stopped) return;
            follow(next);
            const text = JSON.stringify(display);
            if (text !== lastSent) send(display);
            lastSent = text;
          })
          // A failed read keeps the last display on the TV until the next change reads again.
          .catch(() => {})
          .finally(() => {
            running = false;
            if (again) {
              again = false;
              refresh();
            }
          });
      }

      return {
        start(sendDisplay: (display: TvDisplay) => void) {
          send = sendDisplay;
          unsubscribeOwn = events.subscribe(tv.id, refresh);
          refresh();
        },
        /**
         * Also reads the display again: a code that expired is replaced and a new day begins
         * without any booking event, and an event lost while the listener reconnected is made up.
         */
        beat: async () => {
          await signIn(token);
          refresh();
        },
        stop() {
          stopped = true;
          unsubscribeOwn();
          unsubscribePartner();
        },
      };
    },

    /** A wrong, expired or used code gets one answer, so guessing learns nothing. */
    async pair({
      caller,
      code,
      locationId,
      queueId,
    }: {
      caller: Caller;
      code: string;
      locationId: string;
      queueId: string;
    }): Promise<PairedTv> {
      if (!(await queueIsAtLocation(db, { partnerId: caller.partnerId, locationId, queueId }))) {
        throw notFound(bookingRecordLabels.queue);
      }
      const now = clock();
      const id = await pairByCode(db, {
        code,
        now,
        partnerId: caller.partnerId,
        locationId,
        queueId,
        userId: caller.userId,
      });
      if (!id) throw new AppError('VALIDATION_FAILED', tvMessages.invalidCode);
      tellTv({ id, queueId, now });
      const paired = (await listPairedTvs(db, caller.partnerId)).find((row) => row.id === id);
      if (!paired) throw notFound('TV');
      return toPairedTv(paired);
    },

    async list({ caller }: { caller: Caller }): Promise<PairedTv[]> {
      return (await listPairedTvs(db, caller.partnerId)).map(toPairedTv);
    },

    async unpair({ caller, id }: { caller: Caller; id: string }): Promise<void> {
      const now = clock();
      const queueId = await unpairTv(db, { partnerId: caller.partnerId, id, now });
      if (!queueId) throw notFound('TV');
      tellTv({ id, queueId, now });
    },

    /**
     * Completes the token being served and calls the next one waiting (the bookings service's
     * rule); answers the queue's display as it is then.
     */
    async callNext({
      caller,
      queueId,
      date,
    }: {
      caller: Caller;
      queueId: string;
      date: string;
    }): Promise<TvQueueDisplay> {
      await bookings.callNext({ caller, queueId, date });
      const queue = await findQueueForDisplay(db, { partnerId: caller.partnerId, queueId });
      if (!queue) throw notFound(bookingRecordLabels.queue);
      return queueDisplay({ queueId, date, ...queue });
    },
  };
}

const toPairedTv = (row: Awaited<ReturnType<typeof listPairedTvs>>[number]): PairedTv => ({
  id: row.id,
  location_id: row.location_id,
  location_name: row.location_name,
  queue_id: row.queue_id,
  queue_name: row.queue_name,
  // Set whenever partner_id is (the table's paired check), and the list is of the partner's TVs.
  paired_at: (row.paired_at as Date).toISOString(),
  last_seen_at: row.last_seen_at?.toISOString() ?? null,
});

export type TvService = ReturnType<typeof createTvService>;
