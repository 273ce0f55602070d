import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { starterListMessages } from '@vaidya/contract/starter-lists';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, fakeServer, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 30_000;

beforeAll(async () => {
  await Promise.all([import('../../app/dashboard-layout'), import('./prescription-masters-page')]);
});

const added = {
  complaints: 24,
  observations: 25,
  investigations: 12,
  diagnoses: 22,
  medicines: 74,
  templates: 4,
  treatments: 27,
};

async function openStarterListsDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add starter lists' }, firstAppearance));
  return screen.findByRole('dialog', { name: 'Add starter lists' });
}

describe('adding the starter lists from the Prescription Masters cards', { timeout: journeyTimeout }, () => {
  it('asks first, then copies them and says how many of each were added', async () => {
    storeSignedInSession();
    const server = fakeServer({
      'POST /api/masters/add-starter-lists': answer({
        data: added,
        message: starterListMessages.added(added),
      }),
    });
    renderApp('/dashboard/prescription-masters');

    const dialog = await openStarterListsDialog();
    expect(
      within(dialog).getByText(
        'Copy the common lists for your speciality into your lists? Names you already have are skipped.',
      ),
    ).toBeVisible();
    expect(server.requests('POST /api/masters/add-starter-lists')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add lists' }));

    expect(
      await screen.findByText(
        'Starter lists added: 24 complaints, 25 observations, 12 investigations, 22 diagnoses, 74 medicines, 4 medicine templates, 27 treatments',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests('POST /api/masters/add-starter-lists')).toHaveLength(1);
  });

  it('copies nothing when the owner thinks better of it', async () => {
    storeSignedInSession();
    const server = fakeServer();
    renderApp('/dashboard/prescription-masters');

    const dialog = await openStarterListsDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests('POST /api/masters/add-starter-lists')).toHaveLength(0);
  });

  it('says so in the dialog when the server cannot add them, and lets the owner try again', async () => {
    storeSignedInSession();
    fakeServer({
      'POST /api/masters/add-starter-lists': answer({ message: 'Internal error', code: 'INTERNAL' }, 500),
    });
    renderApp('/dashboard/prescription-masters');

    const dialog = await openStarterListsDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add lists' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not add the starter lists. Please try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Add lists' })).toBeEnabled();
  });
});
