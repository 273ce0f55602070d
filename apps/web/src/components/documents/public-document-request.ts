import { publicDocumentPaths as paths } from '@vaidya/contract/document-paths';
import { pathOf } from '@vaidya/contract/endpoint';

/**
 * The one request of a patient's document page, small enough for the entry chunk: the
 * router asks for the answer from the route's loader while the page's code is still on its
 * way, rather than after it (decision 032). Plain fetch, no token, like the booking
 * website's calls.
 */

/** A public answer read to its end: the status (0 when the server was not reached) and the JSON body, if any. */
export interface PublicAnswer {
  status: number;
  body: unknown;
}

/** The paths of the patient's documents under /api, by the document's id. */
export const publicDocumentPaths = {
  prescription: (id: string) => pathOf({ path: paths.prescription }, { id }),
  bill: (id: string) => pathOf({ path: paths.bill }, { id }),
  estimate: (id: string) => pathOf({ path: paths.estimate }, { id }),
};

/** GET /api<path>; never rejects, so an answer nobody waits for any more is no unhandled error. */
export async function requestPublicDocument(path: string, signal?: AbortSignal): Promise<PublicAnswer> {
  try {
    const response = await fetch(`/api${path}`, { headers: { Accept: 'application/json' }, signal });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  } catch {
    return { status: 0, body: undefined };
  }
}

/** What a document route's loader hands its page: the answer on its way. */
export interface EarlyDocument {
  answer: Promise<PublicAnswer>;
}

/** The loader of a document route: asks for the document named by the address at once. */
export const askEarly =
  (path: (id: string) => string) =>
  ({ params }: { params: { id?: string } }): EarlyDocument => ({
    answer: requestPublicDocument(path(params.id ?? '')),
  });
