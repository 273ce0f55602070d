import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/test-clock';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database';
import { partners, usageCounts } from '../../db/schema';
import { createUsageLimiter, type UsageLimit } from './usage-limits.service';

const threeAnHour: UsageLimit = { scope: 'test-hourly', max: 3, per: 'hour', refusal: 'Too many tries' };

describe('usage limits counted in the database', () => {
  let database: TestDatabase;
  const clock = createTestClock(new Date('2026-11-02T04:10:00Z'));
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('allows the maximum in a window, refuses the next with 429, and starts again in the next window', async () => {
    const limiter = createUsageLimiter({ db: database.db, clock: clock.now });
    for (let i = 0; i < 3; i += 1) await limiter.take(threeAnHour, 'a');
    await expect(limiter.take(threeAnHour, 'a')).rejects.toMatchObject({
      status: 429,
      message: 'Too many tries',
    });
    // Another subject has its own count.
    await limiter.take(threeAnHour, 'b');
    clock.advance(60 * 60 * 1000);
    await limiter.take(threeAnHour, 'a');
  });

  it('two limiters (two processes) share one count', async () => {
    const first = createUsageLimiter({ db: database.db, clock: clock.now });
    const second = createUsageLimiter({ db: database.db, clock: clock.now });
    const limit = { ...threeAnHour, scope: 'test-shared' };
    await first.take(limit, 'x');
    await second.take(limit, 'x');
    await first.take(limit, 'x');
    await expect(second.take(limit, 'x')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('a use counted inside a transaction that rolls back is not counted', async () => {
    const limiter = createUsageLimiter({ db: database.db, clock: clock.now });
    const limit = { ...threeAnHour, scope: 'test-rollback', max: 1 };
    await database.db
      .transaction(async (tx) => {
        await limiter.take(limit, 'y', tx);
        throw new Error('the action failed');
      })
      .catch(() => {});
    await limiter.take(limit, 'y');
  });

  it("counts a clinic's days from its own midnight, whatever UTC's day is", async () => {
    const day = createTestClock(new Date('2026-11-02T18:20:00Z')); // 23:50 in Pune, 06:20 on the 3rd in Auckland
    const limiter = createUsageLimiter({ db: database.db, clock: day.now });
    const onceADay: UsageLimit = { scope: 'test-daily', max: 1, per: 'day', refusal: 'Once a day' };
    const [pune] = await database.db
      .insert(partners)
      .values({ name: 'Pune Clinic', time_zone: 'Asia/Kolkata' })
      .returning({ id: partners.id });
    const [auckland] = await database.db
      .insert(partners)
      .values({ name: 'Auckland Clinic', time_zone: 'Pacific/Auckland' })
      .returning({ id: partners.id });
    const take = (clinic: { id: string } | undefined) =>
      limiter.take(onceADay, `patient-of-${clinic?.id}`, database.db, clinic?.id);

    await take(pune);
    await take(auckland);
    await expect(take(pune)).rejects.toMatchObject({ message: 'Once a day' });
    // Ten minutes later it is the 3rd in Pune too: a new day there, the same one in Auckland.
    day.advance(10 * 60 * 1000);
    await take(pune);
    await expect(take(auckland)).rejects.toMatchObject({ message: 'Once a day' });
    await expect(limiter.take(onceADay, 'nobody')).rejects.toThrow("test-daily counts a clinic's days");
  });

  it('old windows are swept away', async () => {
    const limiter = createUsageLimiter({ db: database.db, clock: clock.now });
    clock.advance(3 * 24 * 60 * 60 * 1000);
    await limiter.take(threeAnHour, 'z');
    const rows = await database.db.select().from(usageCounts);
    expect(rows.map((row) => row.subject)).toEqual(['z']);
  });
});
