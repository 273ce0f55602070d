import { addDays, localToday, weekdayOf } from '@vaidya/contract/calendar-dates';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { offDays, patients, queues, queueTimings, slots } from '../db/schema';
import { createPatientsService } from '../modules/patients/patients.service';

/** The demo's queues, with fixed ids so seeding again finds them. */
export const demoQueues = [
  {
    id: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0301',
    location: 'kothrud',
    queue_name: 'Dr Kulkarni — OPD',
  },
  {
    id: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0302',
    location: 'kothrud',
    queue_name: 'Dr Deshpande — Orthodontics',
  },
  {
    id: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0303',
    location: 'baner',
    queue_name: 'Dr Kulkarni — Baner OPD',
  },
] as const;

const slotSize = 15;
/** Monday to Saturday; Sunday is off. */
const openWeekdays = [1, 2, 3, 4, 5, 6];
const sessions = [
  { start: '10:00', end: '13:00' },
  { start: '17:00', end: '20:00' },
];

const demoPatients: [name: string, mobile: string][] = [
  ['Aarav Joshi', '9822011001'],
  ['Priya Deshmukh', '9822011002'],
  ['Rohan Patil', '9822011003'],
  ['Sneha Kulkarni', '9822011004'],
  ['Vikram Shinde', '9822011005'],
  ['Ananya Iyer', '9822011006'],
  ['Siddharth Gokhale', '9822011007'],
  ['Meera Nair', '9822011008'],
  ['Kunal Bhosale', '9822011009'],
  ['Pooja Jadhav', '9822011010'],
  ['Arjun Rao', '9822011011'],
  ['Kavya Menon', '9822011012'],
  ['Rahul Pawar', '9822011013'],
  ['Neha Sharma', '9822011014'],
  ['Aditya Kale', '9822011015'],
  ['Ishita Chavan', '9822011016'],
  ['Omkar Deshpande', '9822011017'],
  ['Shruti Apte', '9822011018'],
  ['Harish Reddy', '9822011019'],
  ['Divya Salunkhe', '9822011020'],
  ['Manoj Gaikwad', '9822011021'],
  ['Lakshmi Venkatesh', '9822011022'],
  ['Tanvi Mehta', '9822011023'],
  ['Sachin More', '9822011024'],
];

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * When a past booking's patient arrived (from six minutes early to nine late), was called
 * (after a wait of 5 to 30 minutes) and was done (10 to 20 minutes later), never after `now`;
 * `n` varies them. The demo clinic keeps India's time, +05:30 all year. The reports' waiting
 * times and busiest hours read these.
 */
function queueTimes(visit: { date: string; start: string; n: number; done: boolean; now: Date }) {
  const minute = 60_000;
  const at = (ms: number) => new Date(Math.min(ms, visit.now.getTime()));
  const { n } = visit;
  const arrived = new Date(`${visit.date}T${visit.start}:00+05:30`).getTime() + (((n * 7) % 16) - 6) * minute;
  if (!visit.done) return { showed_up_at: at(arrived) };
  const called = arrived + (5 + ((n * 11) % 26)) * minute;
  return {
    showed_up_at: at(arrived),
    called_at: at(called),
    completed_at: at(called + (10 + ((n * 3) % 11)) * minute),
  };
}

/** Every slot start of an open day, in time order. */
const dayGrid = sessions.flatMap(({ start, end }) => {
  const starts: string[] = [];
  for (let at = minutes(start); at + slotSize <= minutes(end); at += slotSize) starts.push(toTime(at));
  return starts;
});

/**
 * The demo clinic's queues, weekly timings, off-days and a week of bookings around the day
 * it is seeded (three days back to three ahead, in the clinic's zone): past ones completed
 * or showed up, a few cancelled, later ones booked, some online and not yet seen. Only a
 * queue created by this run gets timings and bookings, so seeding again changes nothing and
 * the demo user's own changes stay. A fixed pattern, not chance, picks the booked times, so
 * every run looks alike.
 */
export async function seedDemoSchedule(
  tx: Db,
  demo: { partnerId: string; locations: { kothrud: string; baner: string }; clock: Clock },
): Promise<void> {
  const created = await tx
    .insert(queues)
    .values(
      demoQueues.map((queue) => ({
        id: queue.id,
        partner_id: demo.partnerId,
        location_id: demo.locations[queue.location],
        queue_name: queue.queue_name,
        slot_size: slotSize,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: queues.id });
  if (created.length === 0) return;
  const newQueueIds = created.map((row) => row.id);

  await tx.insert(queueTimings).values(
    newQueueIds.flatMap((queueId) =>
      openWeekdays.flatMap((weekday) =>
        sessions.map((session) => ({
          partner_id: demo.partnerId,
          queue_id: queueId,
          weekday,
          start_time: session.start,
          end_time: session.end,
        })),
      ),
    ),
  );

  const now = demo.clock();
  const today = localToday('Asia/Kolkata', now);
  // Next week's Wednesday and Thursday, whatever today is.
  const nextMonday = addDays(today.date, 8 - (weekdayOf(today.date) || 7));
  const [opd, orthodontics, baner] = demoQueues;
  const plannedOffDays = [
    // The OPD doctor's evening off for a conference; the Baner clinic shut for a day.
    { queue_id: opd.id, date: addDays(nextMonday, 2), start_time: '17:00', end_time: '20:00' },
    { queue_id: baner.id, date: addDays(nextMonday, 3), start_time: null, end_time: null },
  ].filter((offDay) => newQueueIds.includes(offDay.queue_id));
  if (plannedOffDays.length > 0) {
    await tx
      .insert(offDays)
      .values(plannedOffDays.map((offDay) => ({ ...offDay, partner_id: demo.partnerId })));
  }

  // Through the patients module, so each takes the clinic's next patient number; one seeded before is found.
  const patientsService = createPatientsService({ db: tx, clock: demo.clock });
  for (const [name, mobile] of demoPatients) {
    await patientsService.findOrCreate({
      db: tx,
      partnerId: demo.partnerId,
      name,
      mobile,
      age: null,
      gender: null,
      overwrite: false,
    });
  }
  const patientRows = await tx
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(
      and(
        eq(patients.partner_id, demo.partnerId),
        inArray(
          patients.mobile,
          demoPatients.map(([, mobile]) => mobile),
        ),
      ),
    );

  let booked = 0;
  const bookings: (typeof slots.$inferInsert)[] = [];
  demoQueues.forEach((queue, queueIndex) => {
    if (!newQueueIds.includes(queue.id)) return;
    for (let offset = -3; offset <= 3; offset += 1) {
      const date = addDays(today.date, offset);
      if (!openWeekdays.includes(weekdayOf(date))) continue;
      let token = 0;
      dayGrid.forEach((start, slotIndex) => {
        // About two slots in five, a different pattern for each queue and day; the orthodontist's queue is quieter.
        const pattern = (slotIndex * 7 + (offset + 3) * 3 + queueIndex * 5) % 10;
        if (pattern >= (queue.id === orthodontics.id ? 2 : 4)) return;
        const closed = plannedOffDays.some(
          (off) =>
            off.queue_id === queue.id &&
            off.date === date &&
            (off.start_time === null || (start >= off.start_time && start < off.end_time)),
        );
        if (closed) return;
        token += 1;
        booked += 1;
        const isPast = date < today.date || (date === today.date && start < today.time);
        const cancelled = booked % 13 === 0;
        const online = booked % 4 === 0;
        const patient = patientRows[booked % patientRows.length] as (typeof patientRows)[number];
        // Of the past visits, one in five is still waiting.
        const status = cancelled
          ? 'cancelled'
          : isPast
            ? booked % 5 === 0
              ? 'showed_up'
              : 'completed'
            : 'booked';
        bookings.push({
          partner_id: demo.partnerId,
          queue_id: queue.id,
          patient_id: patient.id,
          date,
          start_time: start,
          end_time: toTime(minutes(start) + slotSize),
          token_number: token,
          status,
          source: online ? 'online' : 'front_desk',
          // The name typed on the booking website, which the online limits count by.
          visitor_name: online ? patient.name : null,
          // The online bookings of the coming days are the ones staff have not opened yet.
          seen_at: online && isPast ? now : null,
          cancelled_at: cancelled ? now : null,
          ...(status === 'completed' || status === 'showed_up'
            ? queueTimes({ date, start, n: booked, done: status === 'completed', now })
            : {}),
        });
      });
    }
  });
  if (bookings.length > 0) await tx.insert(slots).values(bookings);
  // Their last visits, as the patients module keeps them (decision 043).
  await patientsService.refreshLastVisit({
    db: tx,
    partnerId: demo.partnerId,
    patientIds: patientRows.map((patient) => patient.id),
  });
}
