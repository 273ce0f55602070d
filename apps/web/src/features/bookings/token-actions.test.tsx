import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingMessages } from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { localToday } from '@vaidya/contract/calendar-dates';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { patientPagePath } from '../../lib/paths';
import { sessionKeys } from '../../lib/session';
import { fakeBooking, fakeBookings } from '../../testing/fake-bookings';
import { fakeServer, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { onAScreenOf } from '../../testing/screen-width';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([import('../../app/dashboard-layout'), import('./bookings-page')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const today = localToday('Asia/Kolkata', new Date()).date;
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe("each token's moves in the queue", { timeout: 30_000 }, () => {
  it('shows each state in words and offers Call, Done, No-show and Back to waiting as the state allows', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedDay, today);
    const server = fakeServer(
      fakeBookings({
        bookings: [
          fakeBooking(1, '10:00', 'Anil Deshpande', {
            date: today,
            status: 'called',
            called_at: '2026-11-23T04:40:00.000Z',
          }),
          fakeBooking(2, '10:15', 'Meera Joshi', { date: today, status: 'showed_up' }),
          fakeBooking(3, '10:30', 'Ravi Patil', { date: today }),
        ],
      }),
    );
    renderApp('/dashboard/bookings');
    await screen.findByRole('cell', { name: 'Ravi Patil' }, firstAppearance);

    expect(screen.getByText(words.nowServingToken(1, 'Anil Deshpande'))).toBeVisible();
    expect(within(rowOf('Anil Deshpande')).getByText('Called in')).toBeVisible();
    expect(within(rowOf('Meera Joshi')).getByText('Showed up')).toBeVisible();
    expect(within(rowOf('Ravi Patil')).getByText('Booked')).toBeVisible();
    // A called token is sent back or finished, not called again; its arrival is no longer a tick box.
    const called = within(rowOf('Anil Deshpande'));
    expect(called.queryByRole('button', { name: words.tokenMoves.call.name('Anil Deshpande') })).toBeNull();
    expect(
      called.getByRole('button', { name: words.tokenMoves.returnToWaiting.name('Anil Deshpande') }),
    ).toBeVisible();
    expect(called.getByRole('checkbox', { name: words.markShowedUp('Anil Deshpande') })).toBeDisabled();
    // One who has not arrived cannot be marked done.
    expect(
      within(rowOf('Ravi Patil')).queryByRole('button', {
        name: words.tokenMoves.complete.name('Ravi Patil'),
      }),
    ).toBeNull();

    // Ravi must go first: Anil is done and Ravi is served.
    await userEvent.click(screen.getByRole('button', { name: words.tokenMoves.call.name('Ravi Patil') }));
    expect(await screen.findByText(bookingMessages.tokenCalled(3))).toBeVisible();
    expect(server.requests('PUT /api/call-token')[0]?.body).toEqual({
      slotId: fakeBooking(3, '10:30', '').id,
    });
    expect(await screen.findByText(words.nowServingToken(3, 'Ravi Patil'))).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Anil Deshpande' })).not.toBeInTheDocument(),
    );

    await userEvent.click(
      screen.getByRole('button', { name: words.tokenMoves.returnToWaiting.name('Ravi Patil') }),
    );
    expect(await screen.findByText(bookingMessages.tokenReturnedToWaiting(3))).toBeVisible();
    expect(await screen.findByText(words.nobodyServed)).toBeVisible();
    expect(within(rowOf('Ravi Patil')).getByText('Showed up')).toBeVisible();

    await userEvent.click(
      screen.getByRole('button', { name: words.tokenMoves.markNoShow.name('Meera Joshi') }),
    );
    expect(await screen.findByText(bookingMessages.tokenMarkedNoShow(2))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Meera Joshi' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: words.tokenMoves.complete.name('Ravi Patil') }));
    expect(await screen.findByText(bookingMessages.tokenCompleted(3))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Ravi Patil' })).not.toBeInTheDocument());
  });

  it('offers the moves in the menu on a phone', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedDay, today);
    onAScreenOf(360);
    const booking = fakeBooking(1, '10:00', 'Anil Deshpande', { date: today, status: 'showed_up' });
    const server = fakeServer(
      fakeBookings({
        bookings: [booking],
      }),
    );
    const router = renderApp('/dashboard/bookings');
    await userEvent.click(
      await screen.findByRole('button', { name: words.moreActions('Anil Deshpande') }, firstAppearance),
    );
    await userEvent.click(
      screen.getByRole('menuitem', { name: words.tokenMoves.call.name('Anil Deshpande') }),
    );
    expect(await screen.findByText(words.nowServingToken(1, 'Anil Deshpande'))).toBeVisible();
    expect(server.requests('PUT /api/call-token')).toHaveLength(1);

    await userEvent.click(screen.getByRole('link', { name: 'Anil Deshpande' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(patientPagePath(booking.customer.id)));
  });
});
