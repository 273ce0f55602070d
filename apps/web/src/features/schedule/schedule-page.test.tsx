import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, localToday } from '@vaidya/contract/calendar-dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import { fakeSchedule } from '../../testing/fake-schedule';
import { fakeServer, kothrud, storeSignedInSession } from '../../testing/fake-server';
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

const opd = { id: uuid(1), location_id: kothrud.id, queue_name: 'Dr Rao — OPD', slot_size: 15 };
const mondayMorning = {
  id: uuid(2),
  queue_id: opd.id,
  weekday: 1,
  start_time: '10:00',
  end_time: '13:00',
};

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
    expect(await screen.findByRole('button', { name: 'Edit Tuesday 17:00–20:00' })).toBeVisible();
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
        'This session overlaps the 10:00–13:00 session on Monday. Please choose other times.',
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
    await userEvent.type(dateField, date);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Part of the day' }));
    await userEvent.type(within(dialog).getByLabelText(/From/), '11:00');
    await userEvent.type(within(dialog).getByLabelText(/To/), '12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Off-day added successfully')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Off-days' });
    expect(within(list).getByText('11:00–12:00')).toBeVisible();
    expect(server.requests('POST /api/add-off-day')[0]?.body).toEqual({
      queueId: opd.id,
      date,
      startTime: '11:00',
      endTime: '12:00',
    });
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
