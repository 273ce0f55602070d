import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarDateEnGb, localToday } from '@vaidya/contract/calendar-dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { patientPagePath } from '../../lib/paths';
import { sessionKeys } from '../../lib/session';
import { eveningQueue, fakeBooking, fakeBookings, freeSlot, opdQueue } from '../../testing/fake-bookings';
import { FakeEventSource } from '../../testing/fake-event-source';
import { uuid } from '../../testing/fake-masters';
import {
  answer,
  fakeServer,
  type Handler,
  kothrud,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads the dashboard and the page lazily; compiling them would eat the first test's waits.
const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 30_000;
const day = '2026-11-23';

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./bookings-page'),
    import('./components/walk-in-dialog'),
    import('./components/edit-name-dialog'),
    import('./components/move-booking-dialog'),
    import('./components/cancel-booking-dialog'),
  ]);
});

function openBookings(routes: Parameters<typeof fakeBookings>[0] = {}) {
  const idToken = storeSignedInSession();
  localStorage.setItem(sessionKeys.selectedDay, day);
  const server = fakeServer(fakeBookings(routes));
  renderApp('/dashboard/bookings');
  return Object.assign(server, { idToken });
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

/**
 * The routes answer only once every one of them has been asked, as a server would that waits
 * for all of them: a screen that asks one after another never gets an answer.
 */
function answeredTogether(handlers: Record<string, Handler>): Record<string, Handler> {
  const asked = new Set<string>();
  let everyOneAsked = () => {};
  const allAsked = new Promise<void>((resolve) => {
    everyOneAsked = resolve;
  });
  return Object.fromEntries(
    Object.entries(handlers).map(([route, handler]) => [
      route,
      async (request) => {
        asked.add(route);
        if (asked.size === Object.keys(handlers).length) everyOneAsked();
        await allAsked;
        return handler(request);
      },
    ]),
  );
}

describe('the bookings screen', { timeout: journeyTimeout }, () => {
  it('lists the first queue’s tokens of the remembered day by time, each token beside its time, with the unseen online count', async () => {
    const server = openBookings({
      queues: [opdQueue, eveningQueue],
      bookings: [
        fakeBooking(2, '10:15', 'Meera Joshi', { source: 'online', mobile: '9822000002' }),
        fakeBooking(1, '10:30', 'Anil Deshpande', { mobile: '9822000001', status: 'showed_up' }),
        fakeBooking(3, '09:45', 'Kavita Rao'),
      ],
      unseenOnline: 2,
    });

    await screen.findByRole('cell', { name: 'Meera Joshi' }, firstAppearance);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['9:45 am', '3', 'Kavita Rao'],
      ['10:15 am', '2', 'Meera Joshi'],
      ['10:30 am', '1', 'Anil Deshpande'],
    ]);
    const meera = rowOf('Meera Joshi');
    for (const text of ['10:15 am', '9822000002', 'Online', 'Booked']) {
      expect(within(meera).getByText(text)).toBeVisible();
    }
    expect(within(meera).getByRole('link', { name: 'Meera Joshi' })).toHaveAttribute(
      'href',
      patientPagePath(uuid(702)),
    );
    expect(within(rowOf('Anil Deshpande')).getByText('Showed up')).toBeVisible();
    expect(within(rowOf('Anil Deshpande')).getByText('Front desk')).toBeVisible();
    expect(await screen.findByRole('button', { name: '2 new online bookings' })).toBeVisible();
    expect(screen.getByLabelText('Day')).toHaveValue(calendarDateEnGb(day));
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveTextContent(opdQueue.queue_name);
    const asked = server.requests('GET /api/get-bookings-admin')[0]?.url.searchParams;
    expect(asked?.get('queue_id')).toBe(opdQueue.id);
    expect(asked?.get('date')).toBe(day);
    expect(
      server.requests('GET /api/get-unclaimed-page-bookings-count')[0]?.url.searchParams.get('client_id'),
    ).toBe(opdQueue.location_id);
  });

  it('opens on the clinic’s today, in its own time zone, when no day is remembered', async () => {
    storeSignedInSession();
    // UTC+14 and UTC−11 are 25 hours apart: their dates always differ, whatever the browser's zone.
    const clinicZone = 'Pacific/Kiritimati';
    const otherZone = 'Pacific/Pago_Pago';
    const server = fakeServer({
      ...fakeBookings(),
      'GET /api/get-partner-details': answer({ data: { ...sushrutDental, time_zone: clinicZone } }),
    });
    renderApp('/dashboard/bookings');

    expect(await screen.findByText('No bookings for this day yet.', {}, firstAppearance)).toBeVisible();
    const clinicToday = localToday(clinicZone, new Date()).date;
    expect(screen.getByLabelText('Day')).toHaveValue(calendarDateEnGb(clinicToday));
    expect(server.requests('GET /api/get-bookings-admin')[0]?.url.searchParams.get('date')).toBe(clinicToday);
    expect(clinicToday).not.toBe(localToday(otherZone, new Date()).date);
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
  });

  it('remembers the day moved to', async () => {
    const server = openBookings();
    expect(await screen.findByText('No bookings for this day yet.', {}, firstAppearance)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));

    await waitFor(() =>
      expect(server.requests('GET /api/get-bookings-admin').at(-1)?.url.searchParams.get('date')).toBe(
        '2026-11-24',
      ),
    );
    expect(localStorage.getItem(sessionKeys.selectedDay)).toBe('2026-11-24');
    expect(screen.getByLabelText('Day')).toHaveValue('24/11/2026');
  });

  it('marks a patient as showed up', async () => {
    const server = openBookings({ bookings: [fakeBooking(1, '10:00', 'Anil Deshpande')] });

    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Mark Anil Deshpande as showed up' }, firstAppearance),
    );

    expect(await screen.findByText('Marked as showed up')).toBeVisible();
    expect(await within(rowOf('Anil Deshpande')).findByText('Showed up')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Mark Anil Deshpande as showed up' })).toBeChecked();
    expect(server.requests('PUT /api/update-showed-up')[0]?.body).toEqual({
      slot_id: fakeBooking(1, '10:00', '').id,
      showed_up: true,
    });
  });

  it('cancels a booking only once the desk confirms', async () => {
    const server = openBookings({ bookings: [fakeBooking(4, '11:00', 'Kavita Rao')] });
    const cancelButton = await screen.findByRole(
      'button',
      { name: 'Cancel booking of Kavita Rao' },
      firstAppearance,
    );

    await userEvent.click(cancelButton);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel booking?' });
    expect(
      within(dialog).getByText('Cancel token 4 of Kavita Rao at 11:00 am? The time becomes free for others.'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests('DELETE /api/cancel-token-by-admin')).toHaveLength(0);

    await userEvent.click(cancelButton);
    dialog = await screen.findByRole('dialog', { name: 'Cancel booking?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Booking cancelled')).toBeVisible();
    expect(await screen.findByText('No bookings for this day yet.')).toBeVisible();
    expect(server.requests('DELETE /api/cancel-token-by-admin')[0]?.url.searchParams.get('slot_id')).toBe(
      fakeBooking(4, '11:00', '').id,
    );
  });

  it('books a walk-in into the next free slot', async () => {
    const server = openBookings({
      bookings: [fakeBooking(1, '10:00', 'Anil Deshpande')],
      free: [freeSlot('10:15'), freeSlot('10:30')],
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add walk-in' });
    expect(await within(dialog).findByLabelText('Next free (10:15 am–10:30 am)')).toBeChecked();
    const mobile = within(dialog).getByLabelText(/Mobile number/);
    expect(mobile).toHaveAttribute('inputmode', 'tel');
    await userEvent.type(mobile, '98220 12345');
    expect(mobile).toHaveValue('9822012345');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Suresh Patil');
    await userEvent.type(within(dialog).getByLabelText('Age'), '42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('Token 2 booked at 10:15 am')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Suresh Patil' })).toBeVisible();
    expect(server.requests('POST /api/book-slot')[0]?.body).toEqual({
      queueId: opdQueue.id,
      date: day,
      startTime: '10:15',
      customerName: 'Suresh Patil',
      customerMobile: '9822012345',
      customerAge: 42,
      customerGender: null,
    });
  });

  it('prefills a returning patient found by mobile, never over what the desk typed', async () => {
    const server = openBookings({
      free: [freeSlot('10:15')],
      patients: [{ id: uuid(801), name: 'Kavita Joshi', mobile: '9822054321', age: 61, gender: 'female' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add walk-in' });
    await within(dialog).findByLabelText('Next free (10:15 am–10:30 am)');
    const name = within(dialog).getByLabelText(/Name/);
    await userEvent.type(within(dialog).getByLabelText('Age'), '62');
    await userEvent.type(within(dialog).getByLabelText(/Mobile number/), '+919822054321');

    expect(await within(dialog).findByText('Returning patient')).toBeVisible();
    await waitFor(() => expect(name).toHaveValue('Kavita Joshi'));
    expect(within(dialog).getByLabelText('Age')).toHaveValue('62');
    expect(within(dialog).getByRole('combobox', { name: 'Gender' })).toHaveTextContent('Female');
    // Debounced: the typing sends one lookup, for the whole normalised number.
    expect(
      server
        .requests('GET /api/get-patient-by-mobile')
        .map((request) => request.url.searchParams.get('mobile')),
    ).toEqual(['9822054321']);

    await userEvent.clear(within(dialog).getByLabelText(/Mobile number/));
    await userEvent.type(within(dialog).getByLabelText(/Mobile number/), '9822099999');
    await waitFor(() => expect(server.requests('GET /api/get-patient-by-mobile')).toHaveLength(2));
    expect(within(dialog).queryByText('Returning patient')).toBeNull();
    expect(name).toHaveValue('Kavita Joshi');
  });

  it('offers the patients of a family’s phone: the desk picks one, or adds another on the number', async () => {
    const mother = {
      id: uuid(811),
      name: 'Meera Shah',
      mobile: '9822066001',
      age: 38,
      gender: 'female' as const,
    };
    const son = { id: uuid(812), name: 'Kabir Shah', mobile: '9822066001', age: 9, gender: 'male' as const };
    const server = openBookings({ free: [freeSlot('10:15'), freeSlot('10:30')], patients: [mother, son] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add walk-in' });
    await within(dialog).findByLabelText('Next free (10:15 am–10:30 am)');
    await userEvent.type(within(dialog).getByLabelText(/Mobile number/), '9822066001');

    const family = await within(dialog).findByRole('radiogroup', { name: 'Patients on this number' });
    // Nobody is guessed for the desk: the name stays empty until one is picked.
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('');
    expect(within(family).getByLabelText('New patient')).toBeChecked();
    await userEvent.click(within(family).getByLabelText('Kabir Shah · 9 y · Male'));
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Kabir Shah');
    expect(within(dialog).getByLabelText('Age')).toHaveValue('9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
    await screen.findByText('Token 1 booked at 10:15 am');
    expect(server.requests('POST /api/book-slot')[0]?.body).toMatchObject({
      customerName: 'Kabir Shah',
      customerMobile: '9822066001',
      patientId: son.id,
    });

    // The grandfather, new on the same phone: a new patient, booked without an id.
    await userEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }));
    const again = await screen.findByRole('dialog', { name: 'Add walk-in' });
    await within(again).findByLabelText(/Next free/);
    await userEvent.type(within(again).getByLabelText(/Mobile number/), '9822066001');
    const phone = await within(again).findByRole('radiogroup', { name: 'Patients on this number' });
    await userEvent.click(within(phone).getByLabelText('Meera Shah · 38 y · Female'));
    await userEvent.click(within(phone).getByLabelText('New patient'));
    expect(within(again).getByLabelText(/Name/)).toHaveValue('');
    await userEvent.type(within(again).getByLabelText(/Name/), 'Harish Shah');
    expect(within(again).getByText('A new patient on this number')).toBeVisible();
    await userEvent.click(within(again).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(server.requests('POST /api/book-slot')).toHaveLength(2));
    const body = server.requests('POST /api/book-slot')[1]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ customerName: 'Harish Shah', customerAge: null, customerGender: null });
    expect(body.patientId).toBeUndefined();
  });

  it('asks for a valid mobile number before booking', async () => {
    const server = openBookings({ free: [freeSlot('10:15')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add walk-in' });
    await within(dialog).findByLabelText('Next free (10:15 am–10:30 am)');
    await userEvent.type(within(dialog).getByLabelText(/Mobile number/), '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await within(dialog).findByText('Please enter a valid 10-digit mobile number')).toBeVisible();
    expect(within(dialog).getByText('Name is required')).toBeVisible();
    expect(server.requests('POST /api/book-slot')).toHaveLength(0);
  });

  it('says so when the slot was just taken, and offers the times still free', async () => {
    const server = openBookings({
      free: [freeSlot('10:15'), freeSlot('10:30')],
      takenMeanwhile: ['10:15'],
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add walk-in' });
    await within(dialog).findByLabelText('Next free (10:15 am–10:30 am)');
    await userEvent.type(within(dialog).getByLabelText(/Mobile number/), '9822012345');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Suresh Patil');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(
      await within(dialog).findByText('This slot has just been booked. Please choose another.'),
    ).toBeVisible();
    expect(await within(dialog).findByLabelText('Next free (10:30 am–10:45 am)')).toBeChecked();
    expect(server.requests('GET /api/public/get-available-slots').length).toBeGreaterThanOrEqual(2);
    // Signed in: the clinic's own desk is not held to the booking website's window.
    expect(server.requests('GET /api/public/get-available-slots')[0]?.headers.get('Authorization')).toMatch(
      /^Bearer /,
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Token 1 booked at 10:30 am')).toBeVisible();
    expect(
      server
        .requests('POST /api/book-slot')
        .map((request) => (request.body as { startTime: string }).startTime),
    ).toEqual(['10:15', '10:30']);
  });

  it('moves a booking to another free time and renames its patient', async () => {
    const server = openBookings({
      bookings: [fakeBooking(1, '10:00', 'Anil Deshpande')],
      free: [freeSlot('11:00'), freeSlot('11:15')],
    });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Move Anil Deshpande to another time' }, firstAppearance),
    );
    const move = await screen.findByRole('dialog', { name: 'Move to another time' });
    await userEvent.click(await within(move).findByRole('combobox', { name: 'Free time' }));
    await userEvent.click(await screen.findByRole('option', { name: '11:15 am–11:30 am' }));
    await userEvent.click(within(move).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Booking moved successfully')).toBeVisible();
    expect(await within(rowOf('Anil Deshpande')).findByText('11:15 am')).toBeVisible();
    expect(server.requests('PUT /api/edit-time-for-ind-patient')[0]?.body).toEqual({
      slotId: fakeBooking(1, '10:00', '').id,
      startTime: '11:15',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Edit name of Anil Deshpande' }));
    const rename = await screen.findByRole('dialog', { name: 'Edit name' });
    const name = within(rename).getByLabelText(/Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Anil R. Deshpande');
    await userEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name updated successfully')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Anil R. Deshpande' })).toBeVisible();
  });

  it('shows a booking made on the website as soon as the server says so, without a reload', async () => {
    const server = openBookings({
      bookings: [fakeBooking(1, '10:00', 'Anil Deshpande')],
      free: [freeSlot('10:15')],
    });
    await screen.findByRole('cell', { name: 'Anil Deshpande' }, firstAppearance);
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const stream = FakeEventSource.current();
    expect(stream?.url).toBe(`/api/booking-events?token=${encodeURIComponent(server.idToken)}`);

    // The patient books on the clinic's website, and the server tells every open screen.
    const online = await fetch('/api/public/book-slot', {
      method: 'POST',
      body: JSON.stringify({
        queueId: opdQueue.id,
        date: day,
        startTime: '10:15',
        customerName: 'Meera Joshi',
        customerMobile: '9822000002',
      }),
    });
    const { data: booked } = (await online.json()) as { data: { id: string } };
    expect(screen.queryByRole('cell', { name: 'Meera Joshi' })).not.toBeInTheDocument();
    stream?.send('booking', { queue_id: opdQueue.id, date: day, slot_id: booked.id, kind: 'booked' });

    const row = await screen.findByRole('row', { name: /Meera Joshi/ });
    expect(within(row).getByText('Online')).toBeVisible();
  });

  it('asks for the clinic, its queues and the remembered queue’s tokens at once, before the page has rendered', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedLocationId, kothrud.id);
    localStorage.setItem(sessionKeys.selectedQueueId, eveningQueue.id);
    localStorage.setItem(sessionKeys.selectedDay, day);
    const bookings = fakeBookings({
      queues: [opdQueue, eveningQueue],
      bookings: [fakeBooking(1, '18:00', 'Anil Deshpande', { queue_id: eveningQueue.id })],
    });
    const server = fakeServer({
      ...bookings,
      ...answeredTogether({
        'GET /api/get-partner-details': answer({ data: sushrutDental }),
        'GET /api/get-queues': bookings['GET /api/get-queues'] as Handler,
        'GET /api/get-bookings-admin': bookings['GET /api/get-bookings-admin'] as Handler,
      }),
    });
    renderApp('/dashboard/bookings');

    expect(await screen.findByRole('cell', { name: 'Anil Deshpande' }, firstAppearance)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveTextContent(eveningQueue.queue_name);
    for (const route of [
      'GET /api/get-partner-details',
      'GET /api/get-queues',
      'GET /api/get-bookings-admin',
    ]) {
      expect(server.requests(route), route).toHaveLength(1);
    }
  });

  it('remembers the queue chosen and opens on it next time', async () => {
    const server = openBookings({
      queues: [opdQueue, eveningQueue],
      bookings: [fakeBooking(1, '18:00', 'Anil Deshpande', { queue_id: eveningQueue.id })],
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Queue' }, firstAppearance));
    await userEvent.click(await screen.findByRole('option', { name: eveningQueue.queue_name }));
    expect(await screen.findByRole('cell', { name: 'Anil Deshpande' })).toBeVisible();
    expect(localStorage.getItem(sessionKeys.selectedQueueId)).toBe(eveningQueue.id);

    cleanup();
    renderApp('/dashboard/bookings');

    expect(await screen.findByRole('cell', { name: 'Anil Deshpande' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveTextContent(eveningQueue.queue_name);
    expect(
      server
        .requests('GET /api/get-bookings-admin')
        .map((request) => request.url.searchParams.get('queue_id')),
    ).toEqual([opdQueue.id, eveningQueue.id, eveningQueue.id]);
  });

  it('asks for the unseen online count once, after the day’s list has come', async () => {
    const bookings = fakeBookings({ bookings: [fakeBooking(1, '10:00', 'Anil Deshpande')], unseenOnline: 3 });
    let listAnswered = false;
    const countAskedAfterList: boolean[] = [];
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedDay, day);
    const server = fakeServer({
      ...bookings,
      'GET /api/get-bookings-admin': async (request) => {
        const list = await (bookings['GET /api/get-bookings-admin'] as Handler)(request);
        listAnswered = true;
        return list;
      },
      'GET /api/get-unclaimed-page-bookings-count': (request) => {
        countAskedAfterList.push(listAnswered);
        return (bookings['GET /api/get-unclaimed-page-bookings-count'] as Handler)(request);
      },
    });
    renderApp('/dashboard/bookings');

    expect(await screen.findByRole('cell', { name: 'Anil Deshpande' }, firstAppearance)).toBeVisible();
    expect(await screen.findByText('3 new online bookings')).toBeVisible();
    expect(countAskedAfterList).toEqual([true]);
    expect(server.requests('GET /api/get-unclaimed-page-bookings-count')).toHaveLength(1);
  });

  it('shows only the day’s online bookings while the badge is pressed, and all of them again on a second press', async () => {
    openBookings({
      bookings: [
        fakeBooking(1, '09:30', 'Anil Deshpande'),
        fakeBooking(2, '09:45', 'Meera Joshi', { source: 'online' }),
        fakeBooking(3, '10:00', 'Kavita Rao', { source: 'online' }),
      ],
      unseenOnline: 2,
    });
    const badge = await screen.findByRole('button', { name: '2 new online bookings' }, firstAppearance);
    expect(badge).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('cell', { name: 'Anil Deshpande' })).toBeVisible();

    await userEvent.click(badge);

    expect(badge).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('cell', { name: 'Anil Deshpande' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Meera Joshi' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Kavita Rao' })).toBeVisible();

    await userEvent.click(badge);

    expect(badge).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('cell', { name: 'Anil Deshpande' })).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });
});
