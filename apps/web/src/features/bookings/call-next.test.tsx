import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingMessages, queueLineOf, type Slot } from '@vaidya/contract/bookings';
import { bookingsScreenWords } from '@vaidya/contract/bookings-screens';
import { localToday } from '@vaidya/contract/calendar-dates';
import { tvMessages } from '@vaidya/contract/tv';
import { tvSettingsScreen } from '@vaidya/contract/tv-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { fakeBooking, fakeBookings, opdQueue } from '../../testing/fake-bookings';
import { fakeServer, type Handler, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./bookings-page'),
    import('./components/call-next-button'),
  ]);
});

/** The clinic's today (Asia/Kolkata), as the screen works it out. */
const today = localToday('Asia/Kolkata', new Date()).date;

/**
 * The day's bookings with call-next-token over them: the token served is completed and the
 * lowest-numbered one waiting called; with nobody waiting, 409.
 */
function withCallNext(bookings: Slot[]): Record<string, Handler> {
  const rows = bookings.map((slot) => ({ ...slot, date: today }));
  return {
    // The fake lists these very rows, so completing one here takes it off the list.
    ...fakeBookings({ bookings: rows }),
    'PUT /api/call-next-token': () => {
      const { serving, waiting } = queueLineOf(rows);
      if (serving) serving.status = 'completed';
      const next = waiting[0];
      if (!next) {
        return Response.json({ message: bookingMessages.nobodyArrived, code: 'CONFLICT' }, { status: 409 });
      }
      next.status = 'called';
      next.called_at = new Date().toISOString();
      return Response.json({
        data: {
          status: 'paired',
          clinic_name: 'Sushrut Dental Clinic',
          location_name: 'Kothrud',
          queue_name: opdQueue.queue_name,
          date: today,
          time_zone: 'Asia/Kolkata',
          now_serving: null,
          next: [],
        },
        message: tvMessages.calledNext,
      });
    },
  };
}

describe('calling the next token from the bookings screen', { timeout: 30_000 }, () => {
  it('calls the next who has arrived, completes them on the next call, and says when nobody has arrived', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedDay, today);
    const server = fakeServer(
      withCallNext([
        fakeBooking(1, '10:00', 'Anil Deshpande', { status: 'showed_up' }),
        fakeBooking(2, '10:15', 'Meera Joshi'),
      ]),
    );
    renderApp('/dashboard/bookings');
    await screen.findByRole('cell', { name: 'Anil Deshpande' }, firstAppearance);

    // The button loads after the list, like the dialogs.
    await userEvent.click(
      await screen.findByRole('button', { name: tvSettingsScreen.callNext }, firstAppearance),
    );
    expect(await screen.findByText(tvMessages.calledNext)).toBeVisible();
    expect(server.requests('PUT /api/call-next-token')[0]?.body).toEqual({
      queueId: opdQueue.id,
      date: today,
    });
    expect(await screen.findByText(bookingsScreenWords.nowServingToken(1, 'Anil Deshpande'))).toBeVisible();
    expect(within(screen.getByRole('row', { name: /Anil Deshpande/ })).getByText('Called in')).toBeVisible();

    // Meera has not arrived: Anil is done, nobody is called, and the desk is told so.
    await userEvent.click(screen.getByRole('button', { name: tvSettingsScreen.callNext }));
    expect(await screen.findByText('No patient has arrived yet.')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Anil Deshpande' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText(bookingsScreenWords.nobodyServed)).toBeVisible();
    expect(within(screen.getByRole('row', { name: /Meera Joshi/ })).getByText('Booked')).toBeVisible();
  });

  it('is offered only on the clinic’s today', async () => {
    storeSignedInSession();
    const anotherDay = today === '2026-11-23' ? '2026-11-24' : '2026-11-23';
    localStorage.setItem(sessionKeys.selectedDay, anotherDay);
    fakeServer(fakeBookings({ bookings: [fakeBooking(1, '10:00', 'Anil Deshpande')] }));
    renderApp('/dashboard/bookings');
    await screen.findByRole('cell', { name: 'Anil Deshpande' }, firstAppearance);
    expect(screen.queryByRole('button', { name: tvSettingsScreen.callNext })).not.toBeInTheDocument();
  });
});
