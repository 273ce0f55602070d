import { hostname } from 'node:os';
import type { FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import { errorForLog } from '../db/errors';
import { createLogWriter, droppedLinesMessage, type LogWriter } from './log-writer';

/** Where pino writes its lines: the stdout writer, or a test's stream. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Request logs carry method, path, status and timing only: no query string
 * (it holds phone numbers and names), no headers (tokens), no bodies. A failed
 * statement is logged by its SQL text and SQLSTATE, never its parameters.
 */
export function loggerOptions(level: string, stream: LogDestination): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: errorForLog,
    },
  };
}

/**
 * The server's log on stdout, JSON lines (pretty ones in development), through the
 * bounded writer: a reader that stops reading costs dropped lines, never a stalled
 * event loop or a shutdown that cannot finish. Formatting happens here on the main
 * thread: pino's worker-thread transports and its own destination wait for the
 * output with Atomics.wait when the process exits, which is exactly that hang.
 */
export function stdoutLog(pretty: boolean): LogWriter {
  const format = pretty
    ? prettyFactory({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname', colorize: process.stdout.isTTY })
    : (line: string) => line;
  const writer = createLogWriter({
    out: process.stdout,
    // In pino's shape (level 40 is warn), so log tools read it like any other line.
    notice: (dropped) =>
      format(
        `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, hostname: hostname(), msg: droppedLinesMessage(dropped) })}\n`,
      ),
  });
  return { write: (line) => writer.write(format(line)), lastWrite: () => writer.lastWrite() };
}
