import type { QueryClient } from '@tanstack/react-query';
import { localToday } from '@vaidya/contract/calendar-dates';
import { dayBookingsQuery, queuesQuery, unseenCountQuery } from '../features/bookings/api/bookings-api';
import { storedDay } from '../features/bookings/selected-day';
import { rememberedQueueId } from '../features/bookings/selected-queue';
import { partnerDetailsQuery } from '../lib/partner-details-query';
import { getSelectedLocationId, isLoggedIn } from '../lib/session';
import { shellQueryClient } from './shell-query-client';

/**
 * The bookings screen's loader: what the screen showed last is asked for at once, beside the
 * clinic (the dashboard's loader) and the download of the page's code (decision 035): the
 * remembered location's queues, and the remembered queue's tokens of the remembered day as
 * the screen opens (completed ones hidden), then the unseen online count that follows that
 * list. Without a remembered day the tokens wait for the clinic, whose time zone says what
 * today is. Awaited, so the screen is drawn once, whole, with nothing moving after; what
 * could not be known here (a first visit) the page asks for itself, and a failure is the
 * page's to show.
 */
export async function askForBookingsScreen(): Promise<null> {
  // Without a session the dashboard's loader, beside this one, sends the visitor to sign in.
  if (isLoggedIn()) await askForRememberedScreen(shellQueryClient());
  return null;
}

async function askForRememberedScreen(client: QueryClient) {
  const locationId = getSelectedLocationId();
  const queueId = rememberedQueueId();
  await Promise.all([
    locationId ? client.prefetchQuery(queuesQuery(locationId)) : null,
    queueId ? askForTokens(client, queueId, locationId) : null,
  ]);
}

async function askForTokens(client: QueryClient, queueId: string, locationId: string | null) {
  const date = storedDay() ?? (await clinicToday(client));
  if (!date) return;
  const tokens = dayBookingsQuery({ queueId, date, showCompleted: false });
  await client.prefetchQuery(tokens);
  const listedAt = client.getQueryState(tokens.queryKey)?.dataUpdatedAt ?? 0;
  if (locationId && listedAt > 0) await client.prefetchQuery(unseenCountQuery(locationId, listedAt));
}

async function clinicToday(client: QueryClient): Promise<string | null> {
  try {
    const clinic = await client.ensureQueryData(partnerDetailsQuery);
    return localToday(clinic.time_zone, new Date()).date;
  } catch {
    // The layout says why the clinic could not be loaded.
    return null;
  }
}
