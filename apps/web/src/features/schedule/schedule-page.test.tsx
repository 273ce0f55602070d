import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Slot } from '@vaidya/contract/bookings';
import { addDays, calendarDateEnGb, localToday, weekdayOf } from '@vaidya/contract/calendar-dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import { fakeSchedule } from '../../testing/fake-schedule';
import { answer, fakeServer, type Handler, kothrud, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };
// Typing into several fields on a machine shared by parallel builds can pass 30 s.
const journeyTimeout = 60_000;

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./schedule-page'),
    import('./components/session-form'),
    import('./components/off-day-form'),
  ]);
});

const opd = {
  id: uuid(1),
  location_id: kothrud.id,
  queue_name: 'Dr Rao — OPD',
  slot_size: 15,
  doctor_user_id: null,
};
const mondayMorning = {
  id: uuid(2),
  queue_id: opd.id,
  weekday: 1,
  start_time: '10:00',
  end_time: '13:00',
};

/** An open booking of the OPD queue, as get-bookings-in-period answers it. */
const booking = (token: number, name: string, date: string, start: string, end: string): Slot => ({
  id: uuid(300 + token),
  queue_id: opd.id,
  date,
  start_time: start,
  end_time: end,
  token_number: token,
  status: 'booked',
  source: 'front_desk',
  customer: { id: uuid(400 + token), name, mobile: '9822011001', age: null, gender: null },
  showed_up_at: null,
  called_at: null,
  completed_at: null,
  no_show_at: null,
});

/** The next date on `weekday` after today, in the clinic's zone. */
function comingDate(weekday: number) {
  let date = addDays(localToday('Asia/Kolkata', new Date()).date, 1);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

/** The query string a request was sent with, as an object. */
const queryOf = (request: { url: URL } | undefined) => Object.fromEntries(request?.url.searchParams ?? []);

async function openSessionDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add session' }, firstAppearance));
  return screen.findByRole('dialog', { name: 'Add session' });
}

async function chooseWeekday(dialog: HTMLElement, weekday: string) {
  // The form loads when its dialog first opens.
  await userEvent.click(await within(dialog).findByRole('combobox', { name: /Weekday/ }));
  await userEvent.click(await screen.findByRole('option', { name: weekday }));
}

describe('the schedule of a queue', { timeout: journeyTimeout }, () => {
  it('adds a weekly session and shows it under its weekday', async () => {
    storeSignedInSession();
    const server = fakeServer(fakeSchedule({ queues: [opd] }));
    renderApp('/dashboard/schedule');

    expect(
      await screen.findByText('No sessions yet. Add the hours this queue is open.', {}, firstAppearance),
    ).toBeVisible();
    const dialog = await openSessionDialog();
    await chooseWeekday(dialog, 'Tuesday');
    await userEvent.type(within(dialog).getByLabelText(/Start time/), '17:00');
    await userEvent.type(within(dialog).getByLabelText(/End time/), '20:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Session added successfully')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Edit Tuesday 5:00 pm–8:00 pm' })).toBeVisible();
    expect(server.requests('POST /api/add-queue-timings')[0]?.body).toEqual({
      queueId: opd.id,
      weekday: 2,
      startTime: '17:00',
      endTime: '20:00',
    });
  });

  it('shows the server’s overlap refusal in the dialog and keeps it open', async () => {
    storeSignedInSession();
    fakeServer(fakeSchedule({ queues: [opd], timings: [mondayMorning] }));
    renderApp('/dashboard/schedule');

    const dialog = await openSessionDialog();
    await chooseWeekday(dialog, 'Monday');
    await userEvent.type(within(dialog).getByLabelText(/Start time/), '12:00');
    await userEvent.type(within(dialog).getByLabelText(/End time/), '14:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(
      await within(dialog).findByText(
        'This session overlaps the 10:00 am–1:00 pm session on Monday. Please choose other times.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Add session' })).toBeVisible();
  });

  it('adds an off-day for part of a day and lists it', async () => {
    storeSignedInSession();
    const server = fakeServer(fakeSchedule({ queues: [opd], timings: [mondayMorning] }));
    renderApp('/dashboard/schedule');
    const date = addDays(localToday('Asia/Kolkata', new Date()).date, 3);

    expect(await screen.findByText('No upcoming off-days.', {}, firstAppearance)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add off-day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add off-day' });
    const dateField = await within(dialog).findByLabelText(/Date/);
    await userEvent.clear(dateField);
    await userEvent.type(dateField, calendarDateEnGb(date));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Part of the day' }));
    await userEvent.type(within(dialog).getByLabelText(/From/), '11:00');
    await userEvent.type(within(dialog).getByLabelText(/To/), '12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Off-day added successfully')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Off-days' });
    expect(within(list).getByText('11:00 am–12:00 pm')).toBeVisible();
    expect(server.requests('POST /api/add-off-day')[0]?.body).toEqual({
      queueId: opd.id,
      date,
      startTime: '11:00',
      endTime: '12:00',
    });
  });

  it('lists the patients booked in an off-day before adding it, and cancels their bookings when told to', async () => {
    storeSignedInSession();
    const today = localToday('Asia/Kolkata', new Date()).date;
    const server = fakeServer(
      fakeSchedule({
        queues: [opd],
        timings: [mondayMorning],
        bookings: [
          booking(3, 'Asha Rao', today, '11:15', '11:30'),
          booking(4, 'After the off-day', today, '12:00', '12:15'),
          booking(5, 'Another day', addDays(today, 1), '11:15', '11:30'),
        ],
      }),
    );
    renderApp('/dashboard/schedule');

    // The form starts on today.
    await userEvent.click(await screen.findByRole('button', { name: 'Add off-day' }, firstAppearance));
    const form = await screen.findByRole('dialog', { name: 'Add off-day' });
    await userEvent.click(await within(form).findByRole('radio', { name: 'Part of the day' }));
    await userEvent.type(within(form).getByLabelText(/From/), '11:00');
    await userEvent.type(within(form).getByLabelText(/To/), '12:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));

    const booked = await screen.findByRole('dialog', { name: '1 patient is booked then' });
    expect(within(booked).getByText('Token 3 · Asha Rao')).toBeVisible();
    expect(within(booked).queryByText(/After the off-day|Another day/)).toBeNull();
    expect(queryOf(server.requests('GET /api/get-bookings-in-period')[0])).toEqual({
      queue_id: opd.id,
      date: today,
      start_time: '11:00',
      end_time: '12:00',
    });
    expect(server.requests('POST /api/add-off-day')).toHaveLength(0);

    await userEvent.click(
      within(booked).getByRole('button', { name: 'Cancel them and message the patients' }),
    );

    expect(
      await screen.findByText(
        'Off-day added successfully. 1 booking cancelled; a WhatsApp message to each patient is queued in the outbox.',
      ),
    ).toBeVisible();
    expect(server.requests('POST /api/add-off-day')[0]?.body).toEqual({
      queueId: opd.id,
      date: today,
      startTime: '11:00',
      endTime: '12:00',
      bookings: 'cancel',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks who is booked in the time a shorter session leaves out, and keeps them when told to', async () => {
    storeSignedInSession();
    const monday = comingDate(1);
    const server = fakeServer(
      fakeSchedule({
        queues: [opd],
        timings: [mondayMorning],
        bookings: [
          booking(2, 'Inside the new times', monday, '10:00', '10:15'),
          booking(6, 'Vikram Joshi', monday, '12:30', '12:45'),
        ],
      }),
    );
    renderApp('/dashboard/schedule');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Monday 10:00 am–1:00 pm' }, firstAppearance),
    );
    const form = await screen.findByRole('dialog', { name: 'Edit session' });
    const endTime = await within(form).findByLabelText(/End time/);
    await userEvent.clear(endTime);
    await userEvent.type(endTime, '12:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));

    const booked = await screen.findByRole('dialog', { name: '1 patient is booked then' });
    expect(within(booked).getByText('Token 6 · Vikram Joshi')).toBeVisible();
    expect(queryOf(server.requests('GET /api/get-bookings-in-period')[0])).toEqual({
      queue_id: opd.id,
      weekday: '1',
      start_time: '12:00',
      end_time: '13:00',
    });

    await userEvent.click(within(booked).getByRole('button', { name: 'Keep the bookings' }));

    expect(await screen.findByText('Session updated successfully')).toBeVisible();
    expect(server.requests('PUT /api/edit-timings')[0]?.body).toMatchObject({
      id: mondayMorning.id,
      endTime: '12:00',
      bookings: 'keep',
    });
  });

  it('goes back to the slot size form saving nothing, says when the bookings cannot be checked, and saves at once when nobody is affected', async () => {
    storeSignedInSession();
    const handlers = fakeSchedule({
      queues: [opd],
      timings: [mondayMorning],
      bookings: [booking(1, 'Asha Rao', comingDate(1), '10:15', '10:30')],
    });
    const asServerAnswers = handlers['GET /api/get-bookings-in-period'] as Handler;
    let bookingsCheck = asServerAnswers;
    const server = fakeServer({
      ...handlers,
      'GET /api/get-bookings-in-period': (request) => bookingsCheck(request),
    });
    renderApp('/dashboard/schedule');

    const changeSizeTo = async (minutes: string) => {
      const form = await screen.findByRole('dialog', { name: 'Change slot size' });
      const field = await within(form).findByLabelText(/Slot size/);
      await userEvent.clear(field);
      await userEvent.type(field, minutes);
      await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
      return form;
    };
    await userEvent.click(await screen.findByRole('button', { name: 'Change slot size' }, firstAppearance));
    const form = await changeSizeTo('20');
    const booked = await screen.findByRole('dialog', { name: '1 patient is booked then' });
    await userEvent.click(within(booked).getByRole('button', { name: 'Go back' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '1 patient is booked then' })).toBeNull(),
    );
    expect(form).toBeVisible();
    expect(server.requests('PUT /api/update-slot-size')).toHaveLength(0);

    bookingsCheck = answer({ message: 'Internal error', code: 'INTERNAL' }, 500);
    await changeSizeTo('20');
    expect(await within(form).findByText('Failed to check the bookings at that time')).toBeVisible();
    expect(server.requests('PUT /api/update-slot-size')).toHaveLength(0);

    bookingsCheck = asServerAnswers;
    // 10:15 is a slot of 5 minutes as well: nobody to ask about.
    await changeSizeTo('5');
    expect(await screen.findByText('Slot size updated successfully')).toBeVisible();
    expect(server.requests('PUT /api/update-slot-size')[0]?.body).toEqual({ queueId: opd.id, slotSize: 5 });
  });

  it('marks open, partly off, fully booked and closed days in the coming four weeks', async () => {
    storeSignedInSession();
    const today = localToday('Asia/Kolkata', new Date()).date;
    const tomorrow = addDays(today, 1);
    fakeServer(
      fakeSchedule({
        queues: [opd],
        dates: [
          { date: today, available: 12 },
          { date: tomorrow, available: 4 },
          { date: addDays(today, 3), available: 0 },
        ],
        offDays: [{ id: uuid(3), queue_id: opd.id, date: tomorrow, start_time: '10:00', end_time: '11:00' }],
      }),
    );
    renderApp('/dashboard/schedule');

    const calendar = await screen.findByRole('list', { name: 'Coming 4 weeks' }, firstAppearance);
    const days = within(calendar).getAllByRole('listitem');
    expect(days).toHaveLength(28);
    expect(days[0]).toHaveAccessibleName(/: Open, 12 free$/);
    expect(days[1]).toHaveAccessibleName(/: Partly off, 4 free$/);
    expect(days[2]).toHaveAccessibleName(/: Closed$/);
    expect(days[3]).toHaveAccessibleName(/: Fully booked, 0 free$/);
  });

  it('sends a location without queues to Settings', async () => {
    storeSignedInSession();
    fakeServer(fakeSchedule());
    renderApp('/dashboard/schedule');

    expect(
      await screen.findByText(
        'This location has no queues yet. Add one in Settings to set its timings.',
        {},
        firstAppearance,
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
        'href',
        '/dashboard/settings',
      ),
    );
  });
});
