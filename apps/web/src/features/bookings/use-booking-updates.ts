import { useQueryClient } from '@tanstack/react-query';
import { bookingEventName, bookingEventsPath } from '@vaidya/contract/booking-events';
import { useEffect } from 'react';
import { getFreshIdToken } from '../../lib/session-refresh';
import { bookingKeys } from './api/bookings-api';

/** How long to wait before opening the stream again once the server has closed it. */
const reopenAfterMs = 3000;

/**
 * Keeps the day's tokens, the free times and the unseen count current without a reload:
 * the server pushes each booking change of the partner (server-sent events, decision
 * 020) and the screen asks again for what it shows. EventSource reconnects by itself
 * after a dropped connection; when the server refuses it (the token in its address
 * has expired), it is opened again here with a fresh one. The one place that knows how
 * updates arrive, so the screen does not change if that does.
 */
export function useBookingUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let connectedBefore = false;

    const refresh = () => {
      // The unseen count is asked again once the day's list is back (bookings-api.ts).
      void queryClient.invalidateQueries({ queryKey: bookingKeys.days });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.allFreeSlots });
    };
    const open = async () => {
      const token = await getFreshIdToken();
      if (stopped || token.status === 'session-ended') return;
      if (token.status === 'unreachable' || !token.idToken) {
        reopenTimer = setTimeout(open, reopenAfterMs);
        return;
      }
      const stream = new EventSource(`${bookingEventsPath}?token=${encodeURIComponent(token.idToken)}`);
      source = stream;
      stream.addEventListener(bookingEventName, refresh);
      stream.onopen = () => {
        // Changes made while the stream was down were never sent; the first opening has nothing to catch up on.
        if (connectedBefore) refresh();
        connectedBefore = true;
      };
      stream.onerror = () => {
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        reopenTimer = setTimeout(open, reopenAfterMs);
      };
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [queryClient]);
}
