import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below the 30–60 s after which proxies and load balancers drop a silent connection. */
export const heartbeatIntervalMs = 25_000;

/** How long EventSource waits before reconnecting after the stream ends. */
const reconnectAfterMs = 3000;

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Ends the response; EventSource reconnects by itself after `retry`. */
  end(): void;
}

/**
 * Server-sent events of one plugin's routes (decision 020): each stream writes its
 * events, a comment heartbeat every interval after `beat` resolves, and ends when `beat`
 * rejects, the client hangs up or the server closes — a shutdown never waits for browsers.
 */
export function eventStreams(app: FastifyInstance, options: { heartbeatMs?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? heartbeatIntervalMs;
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  return {
    open(reply: FastifyReply, stream: { beat: () => Promise<unknown>; onEnd: () => void }): EventStream {
      reply.hijack();
      const raw = reply.raw;
      // Hijacked, the reply sends nothing itself: the headers its hooks set (helmet's) go out here.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Tells a buffering reverse proxy (nginx) to pass each event on at once.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${reconnectAfterMs}\n\n`);

      let ended = false;
      const heartbeat = setInterval(() => {
        stream.beat().then(
          () => raw.write(': heartbeat\n\n'),
          () => end(),
        );
      }, heartbeatMs);
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        stream.onEnd();
        openStreams.delete(end);
        raw.end();
      }
      openStreams.add(end);
      raw.on('close', end);
      return {
        send(event, data) {
          if (!ended) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end,
      };
    },
  };
}
