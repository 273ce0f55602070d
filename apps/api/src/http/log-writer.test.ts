import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createLogWriter, droppedLinesMessage } from './log-writer';

/**
 * An output like a pipe: it takes every chunk, and asks the writer to wait once
 * more than `highWaterMark` bytes are waiting for its reader; a reader that stops
 * reading leaves them waiting.
 */
function fakeOutput(highWaterMark = 16 * 1024) {
  const events = new EventEmitter();
  let waiting: string[] = [];
  let waitingBytes = 0;
  let reading = true;
  let asked = false;
  const read: string[] = [];
  const deliver = () => {
    read.push(...waiting);
    waiting = [];
    waitingBytes = 0;
  };
  function readOnce() {
    deliver();
    if (asked) {
      asked = false;
      events.emit('drain');
    }
  }
  return {
    write(chunk: string) {
      waiting.push(chunk);
      waitingBytes += chunk.length;
      if (reading) deliver();
      asked = waitingBytes > highWaterMark;
      return !asked;
    },
    once: (event: 'drain', listener: () => void) => events.once(event, listener),
    on: (event: 'error', listener: (error: Error) => void) => events.on(event, listener),
    stopReading() {
      reading = false;
    },
    /** The reader is back: it reads what waits, and the output says 'drain' if it had asked to wait. */
    startReading() {
      reading = true;
      readOnce();
    },
    /** The reader reads what waits now, then stalls again. */
    readOnce,
    fail() {
      events.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    },
    read,
    waitingBytes: () => waitingBytes,
  };
}

const notice = (dropped: number) => `${droppedLinesMessage(dropped)}\n`;
const line = (n: number) => `${JSON.stringify({ n, msg: 'x'.repeat(200) })}\n`;

describe('the log writer', () => {
  it('writes straight through while the reader reads', () => {
    const out = fakeOutput();
    const log = createLogWriter({ out, notice });
    for (let n = 0; n < 10_000; n++) log.write(line(n));
    expect(out.read).toEqual(Array.from({ length: 10_000 }, (_, n) => line(n)));
  });

  it('holds at most its limit while the reader is stalled, drops and counts the rest, and says so once when the reader is back', () => {
    const out = fakeOutput();
    const maxHeldBytes = 64 * 1024;
    const log = createLogWriter({ out, notice, maxHeldBytes });
    out.stopReading();

    // 10 MB of log lines that nobody reads.
    const total = 50_000;
    for (let n = 0; n < total; n++) log.write(line(n));
    // The output got only what filled it; nothing more was pushed into it.
    expect(out.waitingBytes()).toBeLessThanOrEqual(16 * 1024 + line(0).length);

    out.startReading();
    const read = out.read;
    const notices = read.filter((chunk) => chunk.includes('dropped while the log reader was not reading'));
    expect(notices).toHaveLength(1);
    const lines = read.filter((chunk) => !notices.includes(chunk));
    const dropped = total - lines.length;
    expect(notices[0]).toBe(notice(dropped));
    expect(dropped).toBeGreaterThan(40_000);
    // Bounded: the output's own buffer plus the writer's limit, however much was logged.
    expect(read.join('').length).toBeLessThanOrEqual(
      16 * 1024 + line(0).length + maxHeldBytes + notice(dropped).length,
    );
    // The lines that came through are the first ones, in order; the notice marks the gap after them.
    expect(lines).toEqual(Array.from({ length: lines.length }, (_, n) => line(n)));
    expect(read.at(-1)).toBe(notices[0]);

    // And then it writes straight through again, with no second notice.
    log.write(line(total));
    expect(out.read.at(-1)).toBe(line(total));
    expect(out.read.filter((chunk) => chunk.includes('dropped while'))).toHaveLength(1);
  });

  it('keeps the gap in one place when the reader comes back slowly', () => {
    const out = fakeOutput(1024);
    const log = createLogWriter({ out, notice, maxHeldBytes: 4 * 1024 });
    out.stopReading();
    for (let n = 0; n < 100; n++) log.write(line(n));
    // The reader reads a little and stalls again before the held lines are out.
    out.readOnce();
    for (let n = 100; n < 200; n++) log.write(line(n));
    for (let round = 0; round < 10; round++) out.readOnce();
    out.startReading();

    const numbers = out.read.flatMap((chunk) =>
      chunk.startsWith('{') ? [JSON.parse(chunk).n as number] : [],
    );
    const gap = out.read.findIndex((chunk) => chunk.includes('dropped while'));
    expect(out.read.filter((chunk) => chunk.includes('dropped while'))).toHaveLength(1);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, n) => n));
    expect(out.read[gap]).toBe(notice(200 - numbers.length));
  });

  it('hands what it holds to the output once at exit, without waiting for it', () => {
    const out = fakeOutput(1024);
    const log = createLogWriter({ out, notice, maxHeldBytes: 2 * 1024 });
    out.stopReading();
    for (let n = 0; n < 50; n++) log.write(line(n));
    log.lastWrite();
    out.startReading();
    expect(out.read.at(-1)).toMatch(/\n… \d+ log lines were dropped while the log reader was not reading\n$/);
  });

  it('takes nothing more once its output has failed (the reader has gone)', () => {
    const out = fakeOutput();
    const log = createLogWriter({ out, notice });
    log.write(line(0));
    out.fail();
    log.write(line(1));
    log.lastWrite();
    expect(out.read).toEqual([line(0)]);
  });
});
