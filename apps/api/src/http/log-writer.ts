/** What the log is written to: process.stdout, or a test's stand-in. */
export interface LogOutput {
  /** Takes the chunk; false asks the caller to wait for 'drain' before writing more. */
  write(chunk: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface LogWriter {
  /** pino's destination: one finished line per call. Never blocks, never waits. */
  write(line: string): void;
  /** At exit: hands what is still held (and the count of dropped lines) to the output once, without waiting for it. */
  lastWrite(): void;
}

/** How much the writer holds while the output does not take more: 1 MiB. */
export const defaultMaxHeldBytes = 1024 * 1024;

export function droppedLinesMessage(dropped: number): string {
  return `… ${dropped} log ${dropped === 1 ? 'line was' : 'lines were'} dropped while the log reader was not reading`;
}

/**
 * Writes log lines to an output that may stop reading (a pipe into a program that
 * has stalled or exited) without ever blocking the event loop or growing without
 * bound: lines go straight out while the output takes them; while it asks us to
 * wait they are held, up to `maxHeldBytes`, and every line after that is dropped
 * and counted. When the output drains, the held lines go out first (they were
 * logged before the gap), then one line saying how many were dropped (`notice`),
 * then what comes next. An output that fails (EPIPE: its reader is gone) takes
 * nothing more.
 */
export function createLogWriter(options: {
  out: LogOutput;
  /** The line that reports dropped lines, in the log's own format. */
  notice: (dropped: number) => string;
  maxHeldBytes?: number;
}): LogWriter {
  const { out, notice } = options;
  const maxHeldBytes = options.maxHeldBytes ?? defaultMaxHeldBytes;
  let held: string[] = [];
  let heldBytes = 0;
  let dropped = 0;
  let waiting = false;
  let failed = false;

  out.on('error', () => {
    failed = true;
    held = [];
    heldBytes = 0;
  });

  const send = (chunk: string) => {
    if (out.write(chunk)) return true;
    waiting = true;
    out.once('drain', resume);
    return false;
  };

  function resume() {
    waiting = false;
    if (failed) return;
    let sent = 0;
    while (sent < held.length) {
      const line = held[sent] as string;
      sent += 1;
      heldBytes -= Buffer.byteLength(line);
      if (!send(line)) break;
    }
    held = held.slice(sent);
    if (waiting || dropped === 0) return;
    const count = dropped;
    dropped = 0;
    send(notice(count));
  }

  return {
    write(line) {
      if (failed) return;
      // While lines are being dropped, later ones are dropped too: the gap stays in one place.
      if (!waiting && dropped === 0) {
        send(line);
        return;
      }
      const bytes = Buffer.byteLength(line);
      if (dropped > 0 || heldBytes + bytes > maxHeldBytes) {
        dropped += 1;
        return;
      }
      held.push(line);
      heldBytes += bytes;
    },
    lastWrite() {
      if (failed) return;
      const rest = held.join('') + (dropped > 0 ? notice(dropped) : '');
      held = [];
      heldBytes = 0;
      dropped = 0;
      if (rest !== '') out.write(rest);
    },
  };
}
