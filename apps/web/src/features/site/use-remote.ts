import { useCallback, useEffect, useState } from 'react';
import { SiteRequestError } from './site-api';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'failed'; error: SiteRequestError }
  | { status: 'ready'; data: T };

/**
 * What one public call answers, fetched again whenever `key` changes or `reload` is
 * called; an answer that arrives after the key moved on is dropped, so a quick tap on
 * another date never shows the previous date's times.
 */
export function useRemote<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<{ key: string; remote: Remote<T> }>({
    key,
    remote: { status: 'loading' },
  });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a fresh closure each render; `key` names what it fetches.
  useEffect(() => {
    const controller = new AbortController();
    setState({ key, remote: { status: 'loading' } });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, remote: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof SiteRequestError ? error : new SiteRequestError(0, String(error));
        setState({ key, remote: { status: 'failed', error: failure } });
      },
    );
    return () => controller.abort();
  }, [key, round]);

  const reload = useCallback(() => setRound((current) => current + 1), []);
  // Until the effect has run for a new key, what is held belongs to the old one.
  const remote: Remote<T> = state.key === key ? state.remote : { status: 'loading' };
  return { remote, reload };
}
