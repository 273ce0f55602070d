import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingEndpoints, tokenMoveEndpoints } from '@vaidya/contract/bookings';
import { localToday } from '@vaidya/contract/calendar-dates';
import { type DaySummary, dayCloseEndpoints, dayCloseMessages } from '@vaidya/contract/day-close';
import type { UserRole } from '@vaidya/contract/roles';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBooking } from '../../testing/fake-bookings';
import { uuid } from '../../testing/fake-masters';
import {
  answer,
  fakeServer,
  type Handler,
  inTurn,
  kothrud,
  storeSignedInSession,
  sushrutDental,
  sushrutDentalAs,
} from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';
import { findToast } from '../../testing/toasts';

// The first screen waits for the page's code as well as its answer, on a busy machine too.
const firstAppearance = { timeout: 20_000 };
const summaryRoute = `GET /api${dayCloseEndpoints.summary.path}`;
const closeRoute = `POST /api${dayCloseEndpoints.close.path}`;
const reopenRoute = `POST /api${dayCloseEndpoints.reopen.path}`;
const showedUpRoute = `PUT /api${bookingEndpoints.setShowedUp.path}`;
const completeRoute = `PUT /api${tokenMoveEndpoints.complete.path}`;

const today = localToday(sushrutDental.time_zone, new Date()).date;

beforeAll(async () => {
  await Promise.all([
    loadRoutes('/dashboard/day-close'),
    import('./components/close-day-form'),
    import('./components/day-status'),
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A day at Kothrud: ₹12,450 in cash, ₹1,23,456.50 by UPI, ₹800 by card, one bill of the day and one older. */
function fakeSummary(overrides: Partial<DaySummary> = {}): DaySummary {
  return {
    date: today,
    location_id: kothrud.id,
    location_name: kothrud.location_name,
    status: 'open',
    closed: null,
    reopened: null,
    open_tokens: [],
    collections: [
      { mode: 'cash', amount: 12450 },
      { mode: 'upi', amount: 123456.5 },
      { mode: 'card', amount: 800 },
    ],
    total_received: 136706.5,
    bills: [
      {
        id: uuid(9101),
        bill_number: 'B-0042',
        patient_id: uuid(9201),
        customer_name: 'Asha Kulkarni',
        final_amount: 6085.2,
        paid_on_day: 2000,
        balance: 4085.2,
      },
    ],
    total_billed: 6085.2,
    payments: [
      {
        id: uuid(9301),
        bill_id: uuid(9101),
        bill_number: 'B-0042',
        bill_date: today,
        customer_name: 'Asha Kulkarni',
        amount: 2000,
        mode: 'upi',
        paid_at: '2026-11-23T05:10:00.000Z',
        receipt_id: null,
      },
      {
        id: uuid(9302),
        bill_id: uuid(9102),
        bill_number: 'B-0017',
        bill_date: '2026-11-02',
        customer_name: 'Ravi Deshmukh',
        amount: 12450,
        mode: 'cash',
        paid_at: '2026-11-23T08:40:00.000Z',
        receipt_id: uuid(9401),
      },
    ],
    ...overrides,
  };
}

const closedSummary = (overrides: Partial<DaySummary> = {}) =>
  fakeSummary({
    status: 'closed',
    closed: {
      closed_at: '2026-11-23T14:05:00.000Z',
      closed_by_name: 'Meena Joshi',
      cash_counted: 12400,
      cash_expected: 12450,
      difference: -50,
      note: 'Change given from the drawer',
    },
    ...overrides,
  });

const openToken = {
  slot_id: uuid(601),
  token_number: 7,
  queue_id: uuid(501),
  queue_name: 'Dr Kulkarni — OPD',
  patient_name: 'Kavita Rao',
  mobile: '9822012345',
  start_time: '18:30',
  status: 'booked' as const,
};

function openDayClose(routes: Record<string, Handler>, role: UserRole = 'owner') {
  storeSignedInSession();
  const server = fakeServer({
    'GET /api/get-partner-details': answer({
      data: role === 'owner' ? sushrutDental : sushrutDentalAs(role),
    }),
    ...routes,
  });
  renderApp('/dashboard/day-close');
  return server;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the day-close page', () => {
  it("shows the location's day: money by mode in Indian grouping, the bills made and the payments received", async () => {
    const server = openDayClose({ [summaryRoute]: answer({ data: fakeSummary() }) });

    const byMode = await screen.findByRole(
      'table',
      { name: 'Money received by payment mode' },
      firstAppearance,
    );
    expect(within(byMode).getByRole('row', { name: 'Cash ₹12,450.00' })).toBeInTheDocument();
    expect(within(byMode).getByRole('row', { name: 'UPI ₹1,23,456.50' })).toBeInTheDocument();
    expect(within(byMode).getByRole('row', { name: 'Card ₹800.00' })).toBeInTheDocument();
    expect(within(byMode).getByRole('row', { name: 'Total ₹1,36,706.50' })).toBeInTheDocument();

    const bills = section('Bills made on the day');
    expect(
      within(bills).getByRole('row', { name: /B-0042 Asha Kulkarni ₹6,085.20 ₹2,000.00 ₹4,085.20/ }),
    ).toBeVisible();
    expect(within(bills).getByRole('row', { name: 'Total billed ₹6,085.20' })).toBeInTheDocument();
    const payments = section('Payments received on the day');
    expect(
      within(payments).getByRole('row', { name: /10:40 am B-0042 Asha Kulkarni UPI ₹2,000.00/ }),
    ).toBeVisible();
    expect(
      within(payments).getByRole('row', { name: /2:10 pm B-0017 Bill of 02\/11\/2026 Ravi Deshmukh Cash/ }),
    ).toBeVisible();

    expect(section('Open')).toHaveTextContent('Kothrud ·');
    expect(screen.getByText('No open tokens: every patient of the day is settled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close day' })).toHaveAttribute('href', '/dashboard/day-close');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Print day sheet' }));
    expect(print).toHaveBeenCalled();
    const sheet = screen.getByRole('article', { name: 'Day sheet' });
    expect(sheet).toHaveTextContent('Sushrut Dental Clinic — Kothrud');
    expect(within(sheet).getByRole('row', { name: 'UPI ₹1,23,456.50' })).toBeInTheDocument();
    expect(
      within(sheet).getByRole('row', {
        name: '2:10 pm B-0017 (Bill of 02/11/2026) Ravi Deshmukh Cash ₹12,450.00',
      }),
    ).toBeInTheDocument();
    expect(Object.fromEntries(server.requests(summaryRoute)[0]?.url.searchParams ?? [])).toEqual({
      date: today,
      location_id: kothrud.id,
    });
  });

  // Typing a count and a note into the whole app's screen takes long on a busy machine.
  it('closes the day with the cash counted: the difference shows as typed and asks for a note', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup();
    const server = openDayClose({
      [summaryRoute]: answer({ data: fakeSummary() }),
      [closeRoute]: answer({ data: { ...closedSummary(), notifications: [] } }),
    });
    const counted = await screen.findByRole('textbox', { name: 'Cash counted' }, firstAppearance);

    await user.type(counted, '12400');
    expect(screen.getByRole('status')).toHaveTextContent('Difference: ₹50.00 less than received');
    await user.click(screen.getByRole('button', { name: 'Close day' }));
    expect(await screen.findByText(dayCloseMessages.noteRequired)).toBeInTheDocument();
    expect(server.requests(closeRoute)).toHaveLength(0);

    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.paste('Change given from the drawer');
    await user.click(screen.getByRole('button', { name: 'Close day' }));

    await findToast('Day closed. The owner is sent the summary.');
    expect(server.requests(closeRoute)[0]?.body).toEqual({
      date: today,
      locationId: kothrud.id,
      cashCounted: 12400,
      note: 'Change given from the drawer',
    });
    const closed = await screen.findByRole('region', { name: 'Closed' }, firstAppearance);
    expect(closed).toHaveTextContent('Closed by Meena Joshi on 23/11/2026, 7:35 pm');
    expect(closed).toHaveTextContent('Cash counted: ₹12,400.00');
    expect(closed).toHaveTextContent('Difference: ₹50.00 less than received');
    expect(closed).toHaveTextContent('Note: Change given from the drawer');
    expect(screen.queryByRole('textbox', { name: 'Cash counted' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a missing note at the note field", async () => {
    const user = userEvent.setup();
    openDayClose({
      [summaryRoute]: answer({ data: fakeSummary() }),
      [closeRoute]: answer(
        { message: `note: ${dayCloseMessages.noteRequired}`, code: 'VALIDATION_FAILED' },
        400,
      ),
    });
    // A count equal to the cash received needs no note here; the server counted a later payment.
    await user.type(await screen.findByRole('textbox', { name: 'Cash counted' }, firstAppearance), '12450');
    expect(screen.getByRole('status')).toHaveTextContent('Matches the cash received');
    await user.click(screen.getByRole('button', { name: 'Close day' }));

    const note = screen.getByRole('textbox', { name: 'Note' });
    await waitFor(() => expect(note).toHaveAccessibleDescription(dayCloseMessages.noteRequired));
    expect(note).toHaveFocus();
  });

  it('keeps Close day waiting while a token is open; marking it completed lets the day close', async () => {
    const user = userEvent.setup();
    const slotAnswer = answer({ data: fakeBooking(7, '18:30', 'Kavita Rao', { status: 'completed' }) });
    const server = openDayClose({
      [summaryRoute]: inTurn(
        answer({ data: fakeSummary({ open_tokens: [openToken] }) }),
        answer({ data: fakeSummary() }),
      ),
      [showedUpRoute]: slotAnswer,
      [completeRoute]: slotAnswer,
    });

    const tokens = await screen.findByRole('list', { name: 'Open tokens of the day' }, firstAppearance);
    expect(within(tokens).getByRole('listitem')).toHaveTextContent('Token 7 · 6:30 pm');
    expect(screen.getByRole('button', { name: 'Close day' })).toBeDisabled();
    expect(screen.getByText('Settle the open token above before closing the day.')).toBeInTheDocument();

    await user.click(within(tokens).getByRole('button', { name: 'Mark Kavita Rao completed' }));

    // A token never marked arrived is marked so first: the patient came and was seen.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close day' })).toBeEnabled());
    expect(server.requests(showedUpRoute)[0]?.body).toEqual({ slot_id: openToken.slot_id, showed_up: true });
    expect(server.requests(completeRoute)[0]?.body).toEqual({ slotId: openToken.slot_id });
    expect(screen.queryByRole('list', { name: 'Open tokens of the day' })).not.toBeInTheDocument();
  });

  it('offers Reopen day to the owner, who confirms it', async () => {
    const user = userEvent.setup();
    const server = openDayClose({
      [summaryRoute]: answer({ data: closedSummary() }),
      [reopenRoute]: answer({
        data: fakeSummary({
          reopened: { reopened_at: '2026-11-23T15:00:00.000Z', reopened_by_name: 'Dr Sushrut Kulkarni' },
        }),
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Reopen day' }, firstAppearance));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reopen day' }));

    await findToast('Day reopened');
    expect(server.requests(reopenRoute)[0]?.body).toEqual({ date: today, locationId: kothrud.id });
    expect(await screen.findByRole('region', { name: 'Open' }, firstAppearance)).toHaveTextContent(
      'Reopened by Dr Sushrut Kulkarni on 23/11/2026, 8:30 pm',
    );
    expect(await screen.findByRole('textbox', { name: 'Cash counted' })).toBeInTheDocument();
  });

  it('does not offer Reopen day to the front desk', async () => {
    openDayClose({ [summaryRoute]: answer({ data: closedSummary() }) }, 'front_desk');

    expect(await screen.findByRole('region', { name: 'Closed' }, firstAppearance)).toHaveTextContent(
      'Closed by Meena Joshi',
    );
    expect(screen.queryByRole('button', { name: 'Reopen day' })).not.toBeInTheDocument();
  });

  it("says why the day could not be loaded or closed, in the server's words when it has them", async () => {
    const user = userEvent.setup();
    openDayClose({
      // Failed twice, as the page asks once more by itself before it says so.
      [summaryRoute]: inTurn(
        answer({ message: 'Internal error', code: 'INTERNAL' }, 500),
        answer({ message: 'Internal error', code: 'INTERNAL' }, 500),
        answer({ data: fakeSummary() }),
      ),
      [closeRoute]: answer({ message: dayCloseMessages.alreadyClosed, code: 'CONFLICT' }, 409),
    });

    expect(
      await screen.findByText(
        'Could not load the day. Check your connection and retry.',
        {},
        firstAppearance,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    await user.type(await screen.findByRole('textbox', { name: 'Cash counted' }), '12450');
    await user.click(screen.getByRole('button', { name: 'Close day' }));
    expect(await screen.findByText(dayCloseMessages.alreadyClosed)).toBeInTheDocument();
  });
});
