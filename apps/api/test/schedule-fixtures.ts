import type { Db } from '../src/db/database';
import { offDays, queues, queueTimings } from '../src/db/schema';

/** Morning and evening OPD, the timetable most tests book into. */
export const morningAndEvening = [
  { start: '10:00', end: '13:00' },
  { start: '17:00', end: '20:00' },
];

/**
 * A queue at the partner's location with the same sessions on every weekday, written
 * straight to the database, so booking tests do not depend on the schedule routes.
 */
export async function createQueueWithTimings(
  db: Db,
  queue: {
    partnerId: string;
    locationId: string;
    slotSize?: number;
    sessions?: { start: string; end: string }[];
    weekdays?: number[];
  },
): Promise<string> {
  const [row] = await db
    .insert(queues)
    .values({
      partner_id: queue.partnerId,
      location_id: queue.locationId,
      queue_name: 'Dr Rao — OPD',
      slot_size: queue.slotSize ?? 15,
    })
    .returning({ id: queues.id });
  const queueId = row?.id as string;
  const weekdays = queue.weekdays ?? [0, 1, 2, 3, 4, 5, 6];
  const sessions = queue.sessions ?? morningAndEvening;
  await db.insert(queueTimings).values(
    weekdays.flatMap((weekday) =>
      sessions.map((session) => ({
        partner_id: queue.partnerId,
        queue_id: queueId,
        weekday,
        start_time: session.start,
        end_time: session.end,
      })),
    ),
  );
  return queueId;
}

/** The queue closed on a date: the whole day without times, otherwise from start to end. */
export async function addOffDay(
  db: Db,
  offDay: { partnerId: string; queueId: string; date: string; start?: string; end?: string },
) {
  await db.insert(offDays).values({
    partner_id: offDay.partnerId,
    queue_id: offDay.queueId,
    date: offDay.date,
    start_time: offDay.start ?? null,
    end_time: offDay.end ?? null,
  });
}
