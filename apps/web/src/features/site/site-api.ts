import { bookingEndpoints } from '@vaidya/contract/bookings?light';
import { siteEndpoints } from '@vaidya/contract/site?light';
import { siteScreen } from '@vaidya/contract/site-screens';
import { callLightApi, LightApiError } from '../../lib/light-api';

/**
 * The booking website's own few calls, through the light client (`lib/light-api.ts`): each
 * answer checked against the contract's schema without zod or the session code, which are
 * more than a patient's phone should download for four public calls.
 */

/** A call that did not succeed: the server's status and sentence, or status 0 when it was not reached. */
export class SiteRequestError extends Error {
  override readonly name = 'SiteRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The answer's data, or a `SiteRequestError` with the server's sentence (or the page's own). */
async function dataOf<T>(call: Promise<{ data: T }>): Promise<T> {
  try {
    return (await call).data;
  } catch (error) {
    if (!(error instanceof LightApiError)) throw error;
    throw new SiteRequestError(error.status, error.serverMessage ?? siteScreen.loadFailed);
  }
}

/** `/site/<domain>` names the clinic by its domain; without one, the page's own host is its custom domain. */
export type SiteAddress = { domain: string } | { host: string };

export const fetchSite = (address: SiteAddress, signal: AbortSignal) =>
  dataOf(callLightApi(siteEndpoints.site, { query: address, signal }));

export const fetchOpenDates = (queueId: string, signal: AbortSignal) =>
  dataOf(callLightApi(siteEndpoints.openDates, { query: { queue_id: queueId }, signal }));

export const fetchFreeSlots = (queueId: string, date: string, signal: AbortSignal) =>
  dataOf(callLightApi(siteEndpoints.freeSlots, { query: { queue_id: queueId, date }, signal }));

export interface BookingRequest {
  queueId: string;
  date: string;
  startTime: string;
  customerName: string;
  customerMobile: string;
}

/** The visitor's own booking: token, date, time, queue and location; no record of the clinic's. */
export const bookSlot = (booking: BookingRequest) =>
  dataOf(callLightApi(bookingEndpoints.bookOnline, { body: booking }));
