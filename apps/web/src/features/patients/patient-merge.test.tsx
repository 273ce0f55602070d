import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { patientMergeEndpoints, patientMergeMessages } from '@vaidya/contract/patient-merge';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakePatient, fakePatients } from '../../testing/fake-patients';
import { answer, fakeServer, type Handler, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// Merging two records of one patient (decision 042): from the patient page and from the
// Patients screen's likely duplicates.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./patient-page'),
    import('./patients-page'),
    import('./components/merge-patients-dialog'),
    import('./components/duplicate-pairs'),
  ]);
});

const routeOf = (endpoint: { method: string; path: string }) => `${endpoint.method} /api${endpoint.path}`;
const duplicatesRoute = routeOf(patientMergeEndpoints.duplicates);
const mergeRoute = routeOf(patientMergeEndpoints.merge);

const ashaPatil = fakePatient(1, 'Asha Patil', { mobile: '9822054321', allergies: ['Penicillin'] });
const asha = fakePatient(2, 'Asha', { mobile: '9822054321', allergies: ['Sulfa'] });
const kiran = fakePatient(3, 'Kiran Desai', { mobile: '9822011011' });
const kiranAgain = fakePatient(4, 'Kiran Desai', { mobile: '9822011012' });

const pairs = {
  data: {
    results: [
      { reason: 'similar_name', patients: [ashaPatil, asha] },
      { reason: 'same_birth_date', patients: [kiran, kiranAgain] },
    ],
    pagination: { total: 2, page: 1, limit: 10 },
  },
};

/** An answer held back until the test lets it go: the dialog's saving state meanwhile. */
function held(body: unknown): { handler: Handler; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: async () => {
      await released;
      return Response.json(body);
    },
    release,
  };
}

function open(path: string, routes: Record<string, Handler>) {
  storeSignedInSession();
  const server = fakeServer({ ...fakePatients([ashaPatil, asha, kiran, kiranAgain]), ...routes });
  const router = renderApp(path);
  return Object.assign(server, { router });
}

describe('Merge on a patient’s page', { timeout: 30_000 }, () => {
  it('picks the other record from the likely duplicates, says which is kept and what moves, saves, and shows the kept record', async () => {
    const kept = { ...ashaPatil, allergies: ['Penicillin', 'Sulfa'] };
    const merge = held({ data: kept, message: patientMergeMessages.merged });
    const server = open(`/dashboard/patients/${ashaPatil.id}`, {
      [duplicatesRoute]: answer({ data: { ...pairs.data, results: [pairs.data.results[0]] } }),
      [mergeRoute]: merge.handler,
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Asha Patil' }, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Merge' }));

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Merge two records of one patient' },
      firstAppearance,
    );
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
    const candidates = await within(dialog).findByRole('list', { name: 'Likely duplicates of this patient' });
    expect(server.requests(duplicatesRoute)[0]?.url.searchParams.get('patient_id')).toBe(ashaPatil.id);
    await user.click(within(candidates).getByRole('button', { name: /^Asha\s?No\. 2/ }));

    // This record is kept unless the other is chosen.
    expect(within(dialog).getByRole('radio', { name: /^Asha Patil/ })).toBeChecked();
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Asha Patil is kept. The bookings, prescriptions, bills, payments and messages of Asha move to Asha Patil',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled());
    expect(server.requests(mergeRoute)[0]?.body).toEqual({ keepId: ashaPatil.id, mergeId: asha.id });

    merge.release();
    expect(await screen.findByRole('status')).toHaveTextContent('Asha was merged into Asha Patil');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the other record when it is chosen, found by a search, and opens its page', async () => {
    const server = open(`/dashboard/patients/${kiranAgain.id}`, {
      [duplicatesRoute]: answer({ data: { results: [], pagination: { total: 0, page: 1, limit: 20 } } }),
      [mergeRoute]: answer({ data: kiran, message: patientMergeMessages.merged }),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Kiran Desai' }, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', {}, firstAppearance);
    expect(
      await within(dialog).findByText('No likely duplicates of this patient; search for the other record.'),
    ).toBeVisible();
    await user.type(within(dialog).getByRole('searchbox'), 'kiran');
    const found = await within(dialog).findByRole('list', { name: /Or search/ }, firstAppearance);
    // The patient's own record is not offered.
    await waitFor(() => expect(within(found).getAllByRole('button')).toHaveLength(1));
    await user.click(within(found).getByRole('button', { name: /No\. 3/ }));
    await user.click(within(dialog).getByRole('radio', { name: /No\. 3/ }));
    expect(within(dialog).getByRole('note')).toHaveTextContent(/^Kiran Desai is kept/);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByRole('status', {}, firstAppearance)).toHaveTextContent(
      'Kiran Desai was merged into Kiran Desai',
    );
    expect(server.requests(mergeRoute)[0]?.body).toEqual({ keepId: kiran.id, mergeId: kiranAgain.id });
    expect(server.router.state.location.pathname).toBe(`/dashboard/patients/${kiran.id}`);
  });

  it('shows the server’s refusal in the dialog and keeps the choice', async () => {
    open(`/dashboard/patients/${ashaPatil.id}`, {
      [duplicatesRoute]: answer(pairs),
      [mergeRoute]: answer({ message: patientMergeMessages.alreadyMerged('Asha'), code: 'CONFLICT' }, 409),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Asha Patil' }, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', {}, firstAppearance);
    await user.click(await within(dialog).findByRole('button', { name: /^Asha\s?No\. 2/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText(patientMergeMessages.alreadyMerged('Asha'))).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: /^Asha Patil/ })).toBeChecked();
  });

  it('goes on from a merged record’s page to the record kept, saying so', async () => {
    const merged = { ...asha, merged_into_id: ashaPatil.id };
    storeSignedInSession();
    fakeServer(fakePatients([ashaPatil, merged]));
    const router = renderApp(`/dashboard/patients/${asha.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asha Patil' }, firstAppearance),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The record of Asha you opened was merged into this one',
    );
    expect(router.state.location.pathname).toBe(`/dashboard/patients/${ashaPatil.id}`);
  });
});

describe('Likely duplicates, opened from the Patients screen', { timeout: 30_000 }, () => {
  it('lists the pairs with why they look alike, merges one, and asks for the list again', async () => {
    const server = open('/dashboard/patients', {
      [duplicatesRoute]: answer(pairs),
      [mergeRoute]: answer({ data: kiran, message: patientMergeMessages.merged }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Likely duplicates' }, firstAppearance));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Likely duplicates' }, firstAppearance),
    ).toBeVisible();
    const pair = await screen.findByRole(
      'listitem',
      { name: 'Kiran Desai and Kiran Desai' },
      firstAppearance,
    );
    expect(within(pair).getByText('One name and date of birth')).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Asha Patil and Asha' })).toHaveTextContent(
      'One mobile, similar names',
    );
    await user.click(within(pair).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', {}, firstAppearance);
    // Both records are named: nothing to pick, the first (seen first) kept unless changed.
    expect(within(dialog).getByRole('radio', { name: /No\. 3/ })).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Choose another record' })).not.toBeInTheDocument();
    const asked = server.requests(duplicatesRoute).length;
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Kiran Desai was merged into Kiran Desai');
    await waitFor(() => expect(server.requests(duplicatesRoute).length).toBeGreaterThan(asked));
  });

  it('says when the likely duplicates could not be fetched', async () => {
    open('/dashboard/patients/duplicates', {
      [duplicatesRoute]: answer(
        { message: 'Something went wrong. Please try again.', code: 'INTERNAL' },
        500,
      ),
    });
    expect(await screen.findByRole('button', { name: 'Retry' }, firstAppearance)).toBeVisible();
  });

  it('says when there are no likely duplicates', async () => {
    open('/dashboard/patients/duplicates', {
      [duplicatesRoute]: answer({ data: { results: [], pagination: { total: 0, page: 1, limit: 10 } } }),
    });
    expect(
      await screen.findByText(
        'No likely duplicates: every record looks like a patient of its own.',
        {},
        firstAppearance,
      ),
    ).toBeVisible();
  });
});
