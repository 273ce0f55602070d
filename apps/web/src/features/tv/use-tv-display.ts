import type { TvDisplay } from '@vaidya/contract/tv';
import { tvDisplayEventName } from '@vaidya/contract/tv-paths';
import { useEffect, useState } from 'react';
import { LightApiError } from '../../lib/light-api';
import { sessionKeys } from '../../lib/session';
import { displayOfEvent, fetchTvDisplay, registerTv, tvStreamUrl } from './tv-api';

/** How long to wait before trying again when the server cannot be reached or refused the stream. */
const retryAfterMs = 3000;

export type TvState =
  | { status: 'connecting' }
  /** The last display shown, kept on screen while the stream reconnects. */
  | { status: 'live' | 'reconnecting'; display: TvDisplay };

/**
 * The TV's display, live. The TV registers once and keeps its token in local storage, so
 * it stays paired across reloads; the server pushes each change (server-sent events).
 * EventSource reconnects by itself after a dropped connection; when the server refuses
 * the stream, the display call tells why: an unknown token (401) registers the TV again,
 * anything else is tried again after a few seconds.
 */
export function useTvDisplay(): TvState {
  const [state, setState] = useState<TvState>({ status: 'connecting' });

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const retryLater = () => {
      if (!stopped) retryTimer = setTimeout(start, retryAfterMs);
    };
    const reconnecting = () =>
      setState((current) =>
        current.status === 'connecting' ? current : { ...current, status: 'reconnecting' },
      );

    const tokenOfThisTv = async () => {
      const kept = localStorage.getItem(sessionKeys.tvToken);
      if (kept) return kept;
      const registered = await registerTv();
      localStorage.setItem(sessionKeys.tvToken, registered.token);
      return registered.token;
    };

    const open = (token: string) => {
      const stream = new EventSource(tvStreamUrl(token));
      source = stream;
      stream.addEventListener(tvDisplayEventName, (event) => {
        const display = displayOfEvent((event as MessageEvent<string>).data);
        if (display) setState({ status: 'live', display });
      });
      stream.onerror = () => {
        reconnecting();
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        void whyRefused(token);
      };
    };

    const whyRefused = async (token: string) => {
      try {
        await fetchTvDisplay(token);
      } catch (error) {
        if (error instanceof LightApiError && error.status === 401) {
          localStorage.removeItem(sessionKeys.tvToken);
        }
      }
      retryLater();
    };

    async function start() {
      try {
        const token = await tokenOfThisTv();
        if (!stopped) open(token);
      } catch {
        reconnecting();
        retryLater();
      }
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, []);

  return state;
}
