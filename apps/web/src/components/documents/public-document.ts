import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router';
import { type EarlyDocument, type PublicAnswer, requestPublicDocument } from './public-document-request';

/**
 * The document pages' own fetch (decision 032): plain fetch, like the booking website's
 * and the TV's, as the app's API client brings zod and the session code, more than a
 * patient's phone should download to read one page. The server checks its answer against
 * the contract; here a light check makes sure the parts the page walks are there.
 */

/** Where a document stands: on its way, not there (an unknown or malformed id), not fetched, or here. */
export type DocumentState<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; document: T };

/** A document's state, and Retry. */
export interface FetchedDocument<T> {
  state: DocumentState<T>;
  reload: () => void;
}

/** What a part of an answer must be for the page to walk it. */
type PartKind = 'object' | 'array' | 'string';

const isKind = (value: unknown, kind: PartKind) =>
  kind === 'array'
    ? Array.isArray(value)
    : kind === 'object'
      ? typeof value === 'object' && value !== null && !Array.isArray(value)
      : typeof value === 'string';

/** The light check: `value` is an object whose named parts are of the kinds given. */
export function hasParts<Name extends string>(
  value: unknown,
  parts: Record<Name, PartKind>,
): value is Record<Name, unknown> {
  if (!isKind(value, 'object')) return false;
  const record = value as Record<string, unknown>;
  return Object.entries<PartKind>(parts).every(([name, kind]) => isKind(record[name], kind));
}

/** An unknown or malformed id: the server answered that there is none, and asking again will not help. */
const isMissing = ({ status }: PublicAnswer) => status === 404 || status === 400;

/** The envelope's document, when the answer is a success whose `data` passes `isDocument`. */
function documentOf<T>({ status, body }: PublicAnswer, isDocument: (data: unknown) => data is T) {
  const data = status >= 200 && status < 300 && hasParts(body, { data: 'object' }) ? body.data : undefined;
  return isDocument(data) ? data : undefined;
}

/** The answer the page's route asked for on arrival, if it has a loader that does (router.tsx). */
function useEarlyAnswer(): Promise<PublicAnswer> | undefined {
  const loaded = useLoaderData() as Partial<EarlyDocument> | undefined;
  return loaded?.answer;
}

/**
 * The public document at /api/public/<path>, without a token: on the first round the answer
 * the route's loader asked for, then asked again once after a failure the server did not
 * word as "there is none" (as the app's queries do), on Retry (`reload`), and when `path`
 * changes; an answer that comes after the path moved on is dropped.
 */
export function usePublicDocument<T>(
  path: string,
  isDocument: (data: unknown) => data is T,
): FetchedDocument<T> {
  const early = useEarlyAnswer();
  const [held, setHeld] = useState<{ path: string; state: DocumentState<T> }>({
    path,
    state: { status: 'loading' },
  });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `isDocument` is fixed per page and `early` comes with `path`; `round` asks again.
  useEffect(() => {
    const controller = new AbortController();
    const ask = () => requestPublicDocument(path, controller.signal);
    setHeld({ path, state: { status: 'loading' } });
    (async () => {
      let answer = await ((round === 0 && early) || ask());
      if (!isMissing(answer) && documentOf(answer, isDocument) === undefined && !controller.signal.aborted) {
        answer = await ask();
      }
      if (controller.signal.aborted) return;
      const document = documentOf(answer, isDocument);
      const state: DocumentState<T> =
        document !== undefined
          ? { status: 'ready', document }
          : { status: isMissing(answer) ? 'missing' : 'failed' };
      setHeld({ path, state });
    })();
    return () => controller.abort();
  }, [path, round]);

  // Until the effect has run for a new path, what is held belongs to the old one.
  const state: DocumentState<T> = held.path === path ? held.state : { status: 'loading' };
  return { state, reload: () => setRound((current) => current + 1) };
}
