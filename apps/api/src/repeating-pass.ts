export interface RepeatingPass {
  /** Run a pass soon, after the one running now if any. */
  wake(): void;
  /** No pass starts any more; resolves when the one running has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` at once, every `intervalMs` and on each wake, one pass at a time: asked for
 * while one runs, the next runs once after it however often it was asked. A pass that
 * throws is reported to `onError` and the next one runs as planned. The timer does not
 * keep the process alive; main.ts stops it on shutdown. The background jobs: the lead
 * forwarder and the waiting WhatsApp messages.
 */
export function startRepeatingPass(deps: {
  pass: () => Promise<unknown>;
  intervalMs: number;
  onError?: (error: unknown) => void;
}): RepeatingPass {
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let stopped = false;
  const wake = () => {
    if (stopped) return;
    again = true;
    running = running.then(async () => {
      if (!again || stopped) return;
      again = false;
      await deps.pass().catch((error: unknown) => deps.onError?.(error));
    });
  };
  const timer = setInterval(wake, deps.intervalMs);
  timer.unref();
  wake();
  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
