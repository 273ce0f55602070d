import type { TvDisplay } from '@vaidya/contract/tv';
import { tvDisplayResponse, tvEndpoints } from '@vaidya/contract/tv?light';
import { tvPaths } from '@vaidya/contract/tv-paths';
import { fitsSchema } from '../../lib/answer-check';
import { callLightApi } from '../../lib/light-api';

/**
 * The TV's own calls, through the light client (`lib/light-api.ts`): each answer checked
 * against the contract's schema without zod or the session code, which a TV showing one
 * queue does not need. A failed call is a `LightApiError` with the server's status.
 */

export const registerTv = async () => (await callLightApi(tvEndpoints.register, {})).data;

/** The display as the TV's own token (its bearer) reads it. */
export const fetchTvDisplay = async (token: string) =>
  (await callLightApi(tvEndpoints.display, { token })).data;

export const tvStreamUrl = (token: string) => `/api${tvPaths.stream}?token=${encodeURIComponent(token)}`;

/** One event of the stream, whose data is the display as `/tv/display` answers it; undefined when it is not one. */
export function displayOfEvent(data: string) {
  let display: unknown;
  try {
    display = JSON.parse(data);
  } catch {
    return undefined;
  }
  const answer = { data: display };
  return fitsSchema(answer, tvDisplayResponse) ? (answer as { data: TvDisplay }).data : undefined;
}
