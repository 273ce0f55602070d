import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeSchedule } from '../../testing/fake-schedule';
import { fakeServer, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };
// Typing into several fields on a machine shared by parallel builds can pass 30 s.
const journeyTimeout = 60_000;

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./settings-page'),
    import('./components/location-form'),
    import('./components/queue-form'),
  ]);
});

describe('the clinic’s locations and queues', { timeout: journeyTimeout }, () => {
  it('adds a location with a landline contact number, refusing a short one, and selects it', async () => {
    storeSignedInSession();
    const server = fakeServer(fakeSchedule());
    renderApp('/dashboard/settings');

    await userEvent.click(await screen.findByRole('button', { name: 'Add location' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    // The form loads when its dialog first opens.
    await userEvent.type(await within(dialog).findByLabelText(/Location name/), 'Aundh');
    await userEvent.type(within(dialog).getByLabelText(/Address/), '7 ITI Road, Aundh, Pune');
    const contactNo = within(dialog).getByLabelText(/Contact number/);
    await userEvent.type(contactNo, '98765');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText(
        'Contact number must be a 10-digit mobile number or a landline number with its STD code, like 020 2543 1234',
      ),
    ).toBeVisible();
    expect(server.requests('POST /api/add-location')).toEqual([]);
    await userEvent.clear(contactNo);
    await userEvent.type(contactNo, '020 2543 1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Location added successfully')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Location: Aundh' })).toBeVisible();
    // The location's button is named by what it shows: its name, the Selected mark, its address.
    expect(screen.getByRole('button', { name: /^Aundh Selected 7 ITI Road/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'Queues at Aundh' })).toBeVisible();
    expect(server.requests('POST /api/add-location')[0]?.body).toEqual({
      locationName: 'Aundh',
      address: '7 ITI Road, Aundh, Pune',
      contactNo: '020 2543 1234',
    });
  });

  it('adds a queue with its slot size to the selected location and selects it', async () => {
    storeSignedInSession();
    const server = fakeServer(fakeSchedule());
    renderApp('/dashboard/settings');

    expect(
      await screen.findByText(
        'No queues yet. Add one to set its timings and take bookings.',
        {},
        firstAppearance,
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add queue' });
    await userEvent.type(await within(dialog).findByLabelText(/Queue name/), 'Dr Rao — OPD');
    const slotSize = within(dialog).getByLabelText(/Slot size/);
    await userEvent.clear(slotSize);
    await userEvent.type(slotSize, '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Slot size must be a multiple of 5 minutes from 5 to 120'),
    ).toBeVisible();

    await userEvent.clear(slotSize);
    await userEvent.type(slotSize, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Queue added successfully')).toBeVisible();
    const added = await screen.findByRole('listitem', { current: true });
    expect(added).toHaveTextContent('Dr Rao — OPD20 min');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests('POST /api/add-queue')[0]?.body).toMatchObject({
      queueName: 'Dr Rao — OPD',
      slotSize: 20,
    });
  });
});
