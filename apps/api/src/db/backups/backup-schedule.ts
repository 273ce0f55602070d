import type { BackupKind } from './backup-file';

/** How many of each kind the backup folder keeps; Sunday's nightly backups are the weekly ones. */
export const retention = { nightly: 7, weekly: 4, shutdown: 3 } as const;

/** The hour, in the clinic's time zone, of the nightly backup. */
export const nightlyHour = 2;

const namePattern =
  /^vaidya-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-(nightly|shutdown|manual)\.backup$/;

/** `vaidya-2026-11-23T20-30-00-000Z-nightly.backup`: sorts by time, says why it was made. */
export function backupName(createdAt: Date, kind: BackupKind): string {
  return `vaidya-${createdAt.toISOString().replace(/[:.]/g, '-')}-${kind}.backup`;
}

export function parseBackupName(name: string): { createdAt: Date; kind: BackupKind } | undefined {
  const match = namePattern.exec(name);
  if (!match) return undefined;
  const [, date, hours, minutes, seconds, millis, kind] = match;
  return {
    createdAt: new Date(`${date}T${hours}:${minutes}:${seconds}.${millis}Z`),
    kind: kind as BackupKind,
  };
}

/**
 * The files to delete from the backup folder: all but the newest 7 nightly backups,
 * except the newest 4 of them made on a Sunday (in the clinic's time zone), and all
 * but the newest 3 shutdown backups. Backups asked for by hand are never deleted.
 */
export function backupsToPrune(names: string[], timeZone: string): string[] {
  const backups = names
    .map((name) => ({ name, parsed: parseBackupName(name) }))
    .filter((backup) => backup.parsed !== undefined)
    .sort((a, b) => (b.parsed?.createdAt.getTime() ?? 0) - (a.parsed?.createdAt.getTime() ?? 0));
  const nightly = backups.filter((backup) => backup.parsed?.kind === 'nightly');
  const keep = new Set([
    ...nightly.slice(0, retention.nightly).map((backup) => backup.name),
    ...nightly
      .filter((backup) => weekday(backup.parsed?.createdAt as Date, timeZone) === 'Sun')
      .slice(0, retention.weekly)
      .map((backup) => backup.name),
    ...backups
      .filter((backup) => backup.parsed?.kind === 'shutdown')
      .slice(0, retention.shutdown)
      .map((backup) => backup.name),
  ]);
  return backups
    .filter((backup) => backup.parsed?.kind !== 'manual' && !keep.has(backup.name))
    .map((backup) => backup.name);
}

/** The first 02:00 in `timeZone` after `now`. */
export function nextNightlyAt(now: Date, timeZone: string): Date {
  const today = localParts(now, timeZone);
  for (let days = 0; days <= 2; days++) {
    const candidate = atLocalTime(today.year, today.month, today.day + days, nightlyHour, timeZone);
    if (candidate > now) return candidate;
  }
  throw new Error(`no ${nightlyHour}:00 in ${timeZone} within two days`);
}

function weekday(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(date);
}

function localParts(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** The instant the wall clock in `timeZone` reads that date and hour (day may overflow the month). */
function atLocalTime(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  let instant = wall;
  // Twice: the zone's offset at the first guess may differ from the offset at the answer (DST).
  for (let i = 0; i < 2; i++) {
    const local = localParts(new Date(instant), timeZone);
    const offset =
      Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) - instant;
    instant = wall - offset;
  }
  return new Date(instant);
}
