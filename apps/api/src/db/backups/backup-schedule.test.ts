import { describe, expect, it } from 'vitest';
import { backupName, backupsToPrune, nextNightlyAt, parseBackupName } from './backup-schedule';

const kolkata = 'Asia/Kolkata';

/** The nightly backup of a local date in Kolkata: 02:00 IST is 20:30 UTC the day before. */
const nightlyOf = (localDate: string) =>
  backupName(new Date(new Date(`${localDate}T02:00:00+05:30`).getTime()), 'nightly');

describe('the backup schedule', () => {
  it('names a backup by its time and kind, and reads the name back', () => {
    const at = new Date('2026-11-22T20:30:00.123Z');
    expect(backupName(at, 'shutdown')).toBe('vaidya-2026-11-22T20-30-00-123Z-shutdown.backup');
    expect(parseBackupName(backupName(at, 'shutdown'))).toEqual({ createdAt: at, kind: 'shutdown' });
    expect(parseBackupName('.vaidya-2026-11-22T20-30-00-123Z-shutdown.backup.partial-12')).toBeUndefined();
    expect(parseBackupName('notes.txt')).toBeUndefined();
  });

  it('runs at the next 02:00 in the clinic’s time zone', () => {
    // 01:30 in Kolkata: tonight, half an hour later.
    expect(nextNightlyAt(new Date('2026-11-23T20:00:00Z'), kolkata)).toEqual(
      new Date('2026-11-23T20:30:00Z'),
    );
    // 02:00 exactly has just run: the next night.
    expect(nextNightlyAt(new Date('2026-11-23T20:30:00Z'), kolkata)).toEqual(
      new Date('2026-11-24T20:30:00Z'),
    );
    // Across a daylight-saving change (London, 29 March 2026): 02:00 BST is 01:00 UTC.
    expect(nextNightlyAt(new Date('2026-03-28T12:00:00Z'), 'Europe/London')).toEqual(
      new Date('2026-03-29T01:00:00Z'),
    );
  });

  it('keeps the last 7 nightly, the last 4 Sundays’ and the last 3 shutdown backups, and every manual one', () => {
    const nights = Array.from({ length: 60 }, (_, day) =>
      nightlyOf(new Date(Date.UTC(2026, 8, 1 + day)).toISOString().slice(0, 10)),
    );
    const shutdowns = [1, 2, 3, 4, 5].map((day) =>
      backupName(new Date(Date.UTC(2026, 9, day, 12)), 'shutdown'),
    );
    const manual = [backupName(new Date(Date.UTC(2026, 0, 1)), 'manual')];
    const pruned = backupsToPrune([...nights, ...shutdowns, ...manual, 'notes.txt'], kolkata);
    const kept = [...nights, ...shutdowns, ...manual].filter((name) => !pruned.includes(name));

    expect(kept.sort()).toEqual(
      [
        // The 4 newest Sundays' (weekly) backups.
        nightlyOf('2026-10-04'),
        nightlyOf('2026-10-11'),
        nightlyOf('2026-10-18'),
        nightlyOf('2026-10-25'),
        // The 7 newest nights: 24 to 30 October (25 October is one of the Sundays too).
        ...['24', '26', '27', '28', '29', '30'].map((day) => nightlyOf(`2026-10-${day}`)),
        ...shutdowns.slice(2),
        ...manual,
      ].sort(),
    );
    expect(pruned).not.toContain('notes.txt');
  });
});
