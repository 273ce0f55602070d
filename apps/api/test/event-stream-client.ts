import { get } from 'node:http';

/**
 * How long a wait for an event lasts before it fails, listing the events that came instead.
 * A wait ends as soon as its event comes: this is only how long a busy machine may take, and
 * it is inside the API tests' own 20 s timeout so the failure says what was seen.
 */
const eventWaitMs = 10_000;

/** An open server-sent event stream: the events of one name it has sent so far, and a wait for the next. */
export interface EventStreamClient<T> {
  status: number;
  contentType: string;
  events: T[];
  comments: string[];
  /** Resolves with the first event (from the start of the stream) that matches, or fails after `ms`. */
  next(match: (event: T) => boolean, ms?: number): Promise<T>;
  /** Resolves with the first event sent from now on that matches, or fails after `ms`. */
  nextAfterNow(match: (event: T) => boolean, ms?: number): Promise<T>;
  /**
   * Resolves with the first matching event after the first `seen` (read `events.length` before
   * an action, then wait): unlike nextAfterNow, an event that arrives before the wait counts.
   */
  nextAfter(seen: number, match: (event: T) => boolean, ms?: number): Promise<T>;
  ended: Promise<void>;
  close(): void;
}

/**
 * Reads the stream with node:http rather than fetch: undici leaves a connection open on the
 * server after an aborted body, which would hold up closing the app after each test.
 */
export function openEventStream<T>(
  url: string,
  eventName: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient<T>> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      const events: T[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (block.startsWith(':')) comments.push(block.slice(1).trim());
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.startsWith(`event: ${eventName}\n`) && data) events.push(JSON.parse(data));
          boundary = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      });
      const ended = new Promise<void>((done) => response.once('close', () => done()));
      const waitFor = (from: number, match: (event: T) => boolean, ms: number) =>
        new Promise<T>((found, fail) => {
          const check = () => {
            const event = events.slice(from).find(match);
            if (event === undefined) return;
            clearTimeout(timer);
            waiters.delete(check);
            found(event);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
          }, ms);
          waiters.add(check);
          check();
        });
      resolve({
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'] ?? '',
        events,
        comments,
        ended,
        close: () => request.destroy(),
        next: (match, ms = eventWaitMs) => waitFor(0, match, ms),
        nextAfterNow: (match, ms = eventWaitMs) => waitFor(events.length, match, ms),
        nextAfter: (seen, match, ms = eventWaitMs) => waitFor(seen, match, ms),
      });
    });
    request.on('error', reject);
  });
}
