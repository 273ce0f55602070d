import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OnlineBooking, patientNameMaxLength } from '@vaidya/contract/bookings';
import type { Site } from '@vaidya/contract/site';
import { siteScreen } from '@vaidya/contract/site-screens';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, inTurn, unreachable } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { nameMaxLength } from './booking-panel';

const queueId = '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const orthoQueueId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const sushrutSite: Site = {
  name: 'Sushrut Dental Care',
  qr_code_domain: 'sushrut-dental.vaidya.clinic',
  speciality_type: 'DENTIST',
  profile_images: [],
  locations: [
    {
      id: '3f0c8b7e-5d1a-4c2e-9b6f-1a2b3c4d5e6f',
      location_name: 'Kothrud Clinic',
      address: '12, Karve Road, Kothrud, Pune 411038',
      contact_no: '+91 20 2543 1188',
      location_images: [],
      queues: [
        { id: queueId, queue_name: 'Dr Kulkarni — OPD', slot_size: 15 },
        { id: orthoQueueId, queue_name: 'Dr Shah — Ortho', slot_size: 30 },
      ],
    },
    {
      id: '7a1d2e3f-4b5c-4d6e-8f90-a1b2c3d4e5f6',
      location_name: 'Baner Clinic',
      address: '4 Baner Road',
      contact_no: '',
      location_images: [],
      queues: [],
    },
  ],
  taking_online_bookings: true,
};

const openDates = answer({
  data: [
    { date: '2026-11-02', available: 0 },
    { date: '2026-11-03', available: 3 },
    { date: '2026-11-04', available: 1 },
  ],
});

const freeSlots = (...starts: string[]) =>
  answer({ data: starts.map((start) => ({ start_time: start, end_time: `${start.slice(0, 3)}15` })) });

/** The answer to a booking: the visitor's own booking, no record of the clinic's. */
const confirmedBooking: OnlineBooking = {
  token_number: 4,
  date: '2026-11-03',
  start_time: '10:15',
  end_time: '10:30',
  queue_name: 'Dr Kulkarni — OPD',
  location_name: 'Kothrud Clinic',
  customer_name: 'Asha Patil',
};

const slotTaken = answer(
  { message: 'This slot has just been booked. Please choose another.', code: 'CONFLICT' },
  409,
);

async function fillInPatient(name: string, mobile: string) {
  await userEvent.type(screen.getByLabelText('Your name'), name);
  await userEvent.type(screen.getByLabelText('Mobile number'), mobile);
}

describe('the clinic’s booking website', () => {
  it('books a slot on the first date with free times and shows the token number', async () => {
    const server = fakeServer({
      'GET /api/public/site': answer({ data: sushrutSite }),
      'GET /api/public/get-dates': openDates,
      'GET /api/public/get-available-slots': freeSlots('10:00', '10:15', '17:30'),
      'POST /api/public/book-slot': answer({ data: confirmedBooking, message: 'Booking confirmed' }, 201),
    });
    renderApp('/site/Sushrut-Dental.vaidya.clinic');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sushrut Dental Care' })).toBeVisible();
    expect(screen.getByText('Dentist')).toBeVisible();
    expect(server.requests('GET /api/public/site')[0]?.url.searchParams.get('domain')).toBe(
      'Sushrut-Dental.vaidya.clinic',
    );
    expect(screen.getByRole('link', { name: 'Call +91 20 2543 1188' })).toHaveAttribute(
      'href',
      'tel:+912025431188',
    );
    // Baner has no queue to book into, so there is no choice of location.
    expect(screen.queryByRole('radio', { name: 'Baner Clinic' })).not.toBeInTheDocument();

    // Today is full; the first date with free times is chosen.
    expect(await screen.findByRole('radio', { name: /Mon, 2 Nov\s*None free/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Tue, 3 Nov\s*3 free/ })).toBeChecked();
    expect(server.requests('GET /api/public/get-dates')[0]?.url.searchParams.get('queue_id')).toBe(queueId);
    await waitFor(() =>
      expect(server.requests('GET /api/public/get-available-slots')[0]?.url.searchParams.get('date')).toBe(
        '2026-11-03',
      ),
    );
    expect(screen.getByRole('button', { name: 'Choose a time above to book' })).toBeDisabled();

    await userEvent.click(await screen.findByRole('radio', { name: '10:15 am' }));
    await fillInPatient('Asha Patil', '98220 12345');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9822012345');
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('inputmode', 'tel');
    // Pasted with the country code, the same ten digits stay.
    await userEvent.clear(screen.getByLabelText('Mobile number'));
    await userEvent.click(screen.getByLabelText('Mobile number'));
    await userEvent.paste('+91 98220 12345');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9822012345');
    await userEvent.click(screen.getByRole('button', { name: 'Book 10:15 am' }));

    const confirmation = await screen.findByRole('status');
    expect(within(confirmation).getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    expect(within(confirmation).getByText('4')).toBeVisible();
    expect(within(confirmation).getByText('Tue, 3 Nov, 10:15 am')).toBeVisible();
    expect(within(confirmation).getByText('Dr Kulkarni — OPD · Kothrud Clinic')).toBeVisible();
    expect(within(confirmation).getByText('Asha Patil')).toBeVisible();
    expect(server.requests('POST /api/public/book-slot')[0]?.body).toEqual({
      queueId,
      date: '2026-11-03',
      startTime: '10:15',
      customerName: 'Asha Patil',
      customerMobile: '9822012345',
    });
    expect(server.requests('POST /api/public/book-slot')[0]?.headers.has('Authorization')).toBe(false);
  });

  it('says the slot was just taken and shows the date’s free times again', async () => {
    const server = fakeServer({
      'GET /api/public/site': answer({ data: sushrutSite }),
      'GET /api/public/get-dates': openDates,
      'GET /api/public/get-available-slots': inTurn(freeSlots('10:00', '10:15'), freeSlots('10:00')),
      'POST /api/public/book-slot': slotTaken,
    });
    renderApp('/site/sushrut-dental.vaidya.clinic');

    await userEvent.click(await screen.findByRole('radio', { name: '10:15 am' }));
    await fillInPatient('Asha Patil', '9822012345');
    await userEvent.click(screen.getByRole('button', { name: 'Book 10:15 am' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This slot has just been booked. Please choose another.',
    );
    await waitFor(() => expect(screen.queryByRole('radio', { name: '10:15 am' })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: '10:00 am' })).not.toBeChecked();
    expect(server.requests('GET /api/public/get-available-slots')).toHaveLength(2);
    // The patient's details stay for the next try.
    expect(screen.getByLabelText('Your name')).toHaveValue('Asha Patil');
  });

  it('tells the patient to call when the clinic cannot take online bookings, without mentioning its wallet', async () => {
    fakeServer({
      'GET /api/public/site': answer({ data: sushrutSite }),
      'GET /api/public/get-dates': openDates,
      'GET /api/public/get-available-slots': freeSlots('10:00'),
      'POST /api/public/book-slot': answer(
        { message: 'Insufficient balance. Please recharge.', code: 'PAYMENT_REQUIRED' },
        402,
      ),
    });
    renderApp('/site/sushrut-dental.vaidya.clinic');

    await userEvent.click(await screen.findByRole('radio', { name: '10:00 am' }));
    await fillInPatient('Asha Patil', '9822012345');
    await userEvent.click(screen.getByRole('button', { name: 'Book 10:00 am' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This clinic is not taking online bookings just now. Please call the clinic to book.',
    );
    expect(screen.queryByText(/recharge/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book 10:00 am' })).toBeEnabled();
  });

  it('asks the visitor to call before they fill anything while the clinic takes no online bookings', async () => {
    const server = fakeServer({
      'GET /api/public/site': answer({ data: { ...sushrutSite, taking_online_bookings: false } }),
      'GET /api/public/get-dates': openDates,
    });
    renderApp('/site/sushrut-dental.vaidya.clinic');

    expect(await screen.findByText(siteScreen.onlineBookingPaused)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Call +91 20 2543 1188' })).toHaveAttribute(
      'href',
      'tel:+912025431188',
    );
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Nov/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(server.requests('GET /api/public/get-dates')).toHaveLength(0);
    expect(document.body).not.toHaveTextContent(/wallet|balance|recharge/i);
  });

  it('checks the name and the mobile number before booking', async () => {
    const server = fakeServer({
      'GET /api/public/site': answer({ data: sushrutSite }),
      'GET /api/public/get-dates': openDates,
      'GET /api/public/get-available-slots': freeSlots('10:00'),
    });
    renderApp('/site/sushrut-dental.vaidya.clinic');

    await userEvent.click(await screen.findByRole('radio', { name: '10:00 am' }));
    await userEvent.type(screen.getByLabelText('Mobile number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Book 10:00 am' }));

    expect(await screen.findByText('Please enter your name')).toBeVisible();
    expect(screen.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests('POST /api/public/book-slot')).toHaveLength(0);
    expect(screen.getByLabelText('Your name')).toHaveAttribute('maxlength', String(patientNameMaxLength));
    expect(nameMaxLength).toBe(patientNameMaxLength);
  });

  it('offers another doctor’s dates, and says when a queue has no open dates', async () => {
    fakeServer({
      'GET /api/public/site': answer({ data: sushrutSite }),
      'GET /api/public/get-dates': (request) =>
        request.url.searchParams.get('queue_id') === orthoQueueId
          ? Response.json({ data: [] })
          : Response.json({ data: [{ date: '2026-11-03', available: 2 }] }),
      'GET /api/public/get-available-slots': freeSlots('10:00'),
    });
    renderApp('/site/sushrut-dental.vaidya.clinic');

    expect(await screen.findByRole('radio', { name: /Tue, 3 Nov/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Dr Shah — Ortho' }));

    expect(
      await screen.findByText('No dates are open for booking in the coming weeks. Please call the clinic.'),
    ).toBeVisible();
  });

  it('moves the address to the clinic’s current name when opened by a name it gave up', async () => {
    const server = fakeServer({
      'GET /api/public/site': answer({ data: sushrutSite }),
      'GET /api/public/get-dates': openDates,
      'GET /api/public/get-available-slots': freeSlots('10:00'),
    });
    const router = renderApp('/site/sushrut-kothrud?from=poster');
    // However long a busy machine takes to draw the page.
    const drawn = { timeout: 15_000 };

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sushrut Dental Care' }, drawn),
    ).toBeVisible();
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/site/sushrut-dental.vaidya.clinic'),
      drawn,
    );
    expect(router.state.location.search).toBe('?from=poster');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(server.requests('GET /api/public/site')[0]?.url.searchParams.get('domain')).toBe(
      'sushrut-kothrud',
    );
  });

  it('says when the address names no clinic', async () => {
    fakeServer({
      'GET /api/public/site': answer({ message: 'Clinic not found', code: 'NOT_FOUND' }, 404),
    });
    renderApp('/site/no-such-clinic');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this clinic. Please check the address.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows a disabled clinic’s page as not taking online bookings, with nothing to book or retry', async () => {
    const server = fakeServer({
      'GET /api/public/site': answer({ message: siteScreen.notTakingOnlineBookings, code: 'FORBIDDEN' }, 403),
    });
    renderApp('/site/sushrut-dental.vaidya.clinic');

    expect(await screen.findByRole('alert')).toHaveTextContent(siteScreen.notTakingOnlineBookings);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(server.requests('GET /api/public/get-dates')).toHaveLength(0);
  });

  it('says the clinic is not taking online bookings when it is disabled while the visitor books', async () => {
    fakeServer({
      'GET /api/public/site': answer({ data: sushrutSite }),
      'GET /api/public/get-dates': openDates,
      'GET /api/public/get-available-slots': freeSlots('10:00'),
      'POST /api/public/book-slot': answer(
        { message: siteScreen.notTakingOnlineBookings, code: 'FORBIDDEN' },
        403,
      ),
    });
    renderApp('/site/sushrut-dental.vaidya.clinic');

    await userEvent.click(await screen.findByRole('radio', { name: '10:00 am' }));
    await fillInPatient('Asha Patil', '9822012345');
    await userEvent.click(screen.getByRole('button', { name: 'Book 10:00 am' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(siteScreen.notTakingOnlineBookings);
  });

  it('offers to try again when the network fails, and asks by host on a custom domain', async () => {
    const server = fakeServer({
      'GET /api/public/site': inTurn(unreachable, answer({ data: { ...sushrutSite, locations: [] } })),
    });
    renderApp('/site');

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByText('This clinic is not taking online bookings yet. Please call the clinic.'),
    ).toBeVisible();
    expect(server.requests('GET /api/public/site')[1]?.url.searchParams.get('host')).toBe(
      window.location.host,
    );
  });
});
