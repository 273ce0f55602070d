import type { OnlineBooking } from '@vaidya/contract/bookings';
import type { AvailableSlot, BookableDate } from '@vaidya/contract/schedule';
import type { Site } from '@vaidya/contract/site';
import { siteScreen } from '@vaidya/contract/site-screens';

/**
 * The booking website's own few calls, with plain fetch: the app's API client brings zod
 * and the session code, more than a patient's phone should download for four public calls.
 * The answers are the server's, checked there against the contract.
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

async function send<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/public/${path}`, {
      ...init,
      headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new SiteRequestError(0, siteScreen.loadFailed);
  }
  const body = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = typeof body?.message === 'string' ? body.message : siteScreen.loadFailed;
    throw new SiteRequestError(response.status, message);
  }
  return body.data as T;
}

/** `/site/<domain>` names the clinic by its domain; without one, the page's own host is its custom domain. */
export type SiteAddress = { domain: string } | { host: string };

export const fetchSite = (address: SiteAddress, signal: AbortSignal) =>
  send<Site>(`site?${new URLSearchParams(address)}`, { signal });

export const fetchOpenDates = (queueId: string, signal: AbortSignal) =>
  send<BookableDate[]>(`get-dates?${new URLSearchParams({ queue_id: queueId })}`, { signal });

export const fetchFreeSlots = (queueId: string, date: string, signal: AbortSignal) =>
  send<AvailableSlot[]>(`get-available-slots?${new URLSearchParams({ queue_id: queueId, date })}`, {
    signal,
  });

export interface BookingRequest {
  queueId: string;
  date: string;
  startTime: string;
  customerName: string;
  customerMobile: string;
}

/** The visitor's own booking: token, date, time, queue and location; no record of the clinic's. */
export const bookSlot = (booking: BookingRequest) =>
  send<OnlineBooking>('book-slot', { method: 'POST', body: JSON.stringify(booking) });
