import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Queue } from '@vaidya/contract/schedule';
import type { PairedTv } from '@vaidya/contract/tv';
import { tvMessages } from '@vaidya/contract/tv';
import { tvSettingsScreen } from '@vaidya/contract/tv-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { opdQueue } from '../../testing/fake-bookings';
import { uuid } from '../../testing/fake-masters';
import { fakeSchedule } from '../../testing/fake-schedule';
import { baner, fakeServer, type Handler, kothrud, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router and the card load lazily; compiling them would eat the first test's waits.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./settings-page'),
    import('./components/tv-displays-section'),
  ]);
});

const pairedTv = (id: number, lastSeen: string | null): PairedTv => ({
  id: uuid(id),
  location_id: kothrud.id,
  location_name: kothrud.location_name,
  queue_id: opdQueue.id,
  queue_name: opdQueue.queue_name,
  paired_at: '2026-11-23T04:30:00.000Z',
  last_seen_at: lastSeen,
});

/** The TV calls over paired TVs kept in memory; only `ABC234` is a code some TV shows. */
function fakeTvs(initial: PairedTv[] = []): Record<string, Handler> {
  let tvs = [...initial];
  return {
    'GET /api/tv/list': () => Response.json({ data: tvs }),
    'POST /api/tv/pair': ({ body }) => {
      const { code } = body as { code: string };
      if (code.replace(/\s/g, '') !== 'ABC234') {
        return Response.json({ message: tvMessages.invalidCode, code: 'VALIDATION_FAILED' }, { status: 400 });
      }
      const tv = pairedTv(900 + tvs.length, null);
      tvs = [tv, ...tvs];
      return Response.json({ data: tv, message: tvMessages.paired });
    },
    'DELETE /api/tv/unpair': ({ url }) => {
      const id = url.searchParams.get('id') ?? '';
      tvs = tvs.filter((tv) => tv.id !== id);
      return Response.json({ data: { id }, message: tvMessages.unpaired });
    },
  };
}

const banerQueue: Queue = {
  id: uuid(511),
  location_id: baner.id,
  queue_name: 'Dr Patil — Baner',
  slot_size: 10,
  doctor_user_id: null,
};

const openSettings = (tvs: PairedTv[] = []) => {
  storeSignedInSession();
  const server = fakeServer({ ...fakeSchedule({ queues: [opdQueue, banerQueue] }), ...fakeTvs(tvs) });
  renderApp('/dashboard/settings');
  return server;
};

const card = async () => screen.findByRole('region', { name: tvSettingsScreen.title }, firstAppearance);

describe('the waiting-room TVs card', { timeout: 60_000 }, () => {
  it('pairs a TV by its code with the chosen location and queue, and lists it', async () => {
    const server = openSettings();
    const tvCard = within(await card());
    expect(await tvCard.findByText(tvSettingsScreen.none)).toBeVisible();

    await waitFor(() =>
      expect(tvCard.getByRole('combobox', { name: /Queue/ })).toHaveTextContent(opdQueue.queue_name),
    );
    await userEvent.type(tvCard.getByLabelText(/Pairing code/), 'zzz999');
    await userEvent.click(tvCard.getByRole('button', { name: tvSettingsScreen.pair }));
    expect(await tvCard.findByText(tvMessages.invalidCode)).toBeVisible();

    const code = tvCard.getByLabelText(/Pairing code/);
    await userEvent.clear(code);
    await userEvent.type(code, 'abc234');
    await userEvent.click(tvCard.getByRole('button', { name: tvSettingsScreen.pair }));
    expect(await screen.findByText(tvMessages.paired)).toBeVisible();
    expect(server.requests('POST /api/tv/pair').at(-1)?.body).toEqual({
      code: 'ABC234',
      locationId: kothrud.id,
      queueId: opdQueue.id,
    });
    const list = await tvCard.findByRole('list', { name: tvSettingsScreen.pairedTvs });
    expect(within(list).getByText(`${opdQueue.queue_name} · ${kothrud.location_name}`)).toBeVisible();
    expect(within(list).getByText(tvSettingsScreen.neverSeen)).toBeVisible();
    expect(code).toHaveValue('');
  });

  it('says under the field when a code is not the shape a TV shows, without asking the server', async () => {
    const server = openSettings();
    const tvCard = within(await card());
    await waitFor(() =>
      expect(tvCard.getByRole('combobox', { name: /Queue/ })).toHaveTextContent(opdQueue.queue_name),
    );
    const code = tvCard.getByLabelText(/Pairing code/);
    await userEvent.type(code, 'ab1');
    await userEvent.click(tvCard.getByRole('button', { name: tvSettingsScreen.pair }));
    expect(await tvCard.findByText(tvMessages.invalidCodeFormat)).toBeVisible();
    expect(code).toHaveAccessibleDescription(tvMessages.invalidCodeFormat);
    expect(code).toHaveValue('AB1');
    expect(server.requests('POST /api/tv/pair')).toHaveLength(0);
  });

  it('offers the queues of the location chosen, and pairs with that one', async () => {
    const server = openSettings();
    const tvCard = within(await card());
    await waitFor(() =>
      expect(tvCard.getByRole('combobox', { name: /Queue/ })).toHaveTextContent(opdQueue.queue_name),
    );
    await userEvent.click(tvCard.getByRole('combobox', { name: /Location/ }));
    await userEvent.click(await screen.findByRole('option', { name: baner.location_name }));
    await waitFor(() =>
      expect(tvCard.getByRole('combobox', { name: /Queue/ })).toHaveTextContent(banerQueue.queue_name),
    );
    await userEvent.type(tvCard.getByLabelText(/Pairing code/), 'abc234');
    await userEvent.click(tvCard.getByRole('button', { name: tvSettingsScreen.pair }));
    expect(await screen.findByText(tvMessages.paired)).toBeVisible();
    expect(server.requests('POST /api/tv/pair').at(-1)?.body).toEqual({
      code: 'ABC234',
      locationId: baner.id,
      queueId: banerQueue.id,
    });
  });

  it('unpairs a listed TV after asking', async () => {
    const server = openSettings([pairedTv(801, '2026-11-23T05:00:00.000Z')]);
    const tvCard = within(await card());
    const list = await tvCard.findByRole('list', { name: tvSettingsScreen.pairedTvs });
    expect(within(list).getByText(/^Last seen /)).toBeVisible();

    await userEvent.click(within(list).getByRole('button', { name: tvSettingsScreen.unpair }));
    const dialog = await screen.findByRole('dialog', { name: tvSettingsScreen.confirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: tvSettingsScreen.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests('DELETE /api/tv/unpair')).toHaveLength(0);

    await userEvent.click(within(list).getByRole('button', { name: tvSettingsScreen.unpair }));
    const confirm = await screen.findByRole('dialog', { name: tvSettingsScreen.confirmTitle });
    await userEvent.click(within(confirm).getByRole('button', { name: tvSettingsScreen.unpair }));
    expect(await screen.findByText(tvMessages.unpaired)).toBeVisible();
    expect(await tvCard.findByText(tvSettingsScreen.none)).toBeVisible();
    expect(server.requests('DELETE /api/tv/unpair')[0]?.url.searchParams.get('id')).toBe(uuid(801));
  });
});
