import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { treatmentContract } from '@vaidya/contract/masters';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeMaster, uuid } from '../../testing/fake-masters';
import { answer, fakeServer, inTurn, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { readyAddButton } from '../../testing/master-add-button';
import { renderApp } from '../../testing/render-app';

const treatmentList = (rows: object[]) =>
  answer({ data: { results: rows, pagination: { total: rows.length, page: 1, limit: 10 } } });
const noTreatments = treatmentList([]);
/** The dental chart's types, which a dentist's treatment form loads with itself. */
const dentalTreatmentTypes = answer({
  data: [
    { id: 1, treatment_name: 'Filling' },
    { id: 2, treatment_name: 'Root Canal Treatment' },
  ],
});
const rootCanal = {
  id: '00000000-0000-4000-8000-000000000031',
  treatment_name: 'Root canal',
  price: 4500,
  type: 'SERVICE',
  dental_treatment_id: 2,
  has_chart: true,
};

// The router and the dialogs load these lazily; the first test would otherwise spend its
// waits on compiling them, which on a busy machine takes longer than a wait allows.
// Even compiled, the dashboard and then the page render before the list is asked for.
const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 30_000;

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./treatment-masters-page'),
    import('./components/treatment-masters-form'),
  ]);
});

describe('treatment masters', { timeout: journeyTimeout }, () => {
  it('lets a dentist link a treatment to the dental chart', async () => {
    storeSignedInSession();
    const server = fakeServer({
      'GET /api/masters/get-treatments': inTurn(noTreatments, treatmentList([rootCanal])),
      'GET /api/masters/get-dental-treatment-types': dentalTreatmentTypes,
      'POST /api/masters/add-treatment': answer({ data: rootCanal }, 201),
    });
    renderApp('/dashboard/treatment-masters');

    expect(await screen.findByText('No Treatments Found', {}, firstAppearance)).toBeVisible();
    await userEvent.click(await readyAddButton('Add Treatment'));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    expect(await within(dialog).findByRole('tab', { name: 'Service' })).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText(/Treatment name/), 'Root canal');
    await userEvent.type(within(dialog).getByLabelText(/Fees/), '0');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Chart' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Fees must be more than 0')).toBeVisible();
    expect(within(dialog).getByText('Treatment type is required when chart is enabled')).toBeVisible();

    const fees = within(dialog).getByLabelText(/Fees/);
    await userEvent.clear(fees);
    await userEvent.type(fees, '4500');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Treatment type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Root Canal Treatment' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Treatment added successfully')).toBeVisible();
    const row = await screen.findByRole('row', { name: /Root canal/ });
    expect(within(row).getByText('Just added')).toBeVisible();
    expect(within(row).getByRole('checkbox', { name: 'Chart for Root canal' })).toBeChecked();
    await waitFor(() => expect(server.requests('POST /api/masters/add-treatment')).toHaveLength(1));
    expect(server.requests('POST /api/masters/add-treatment')[0]?.body).toEqual({
      treatmentName: 'Root canal',
      price: 4500,
      type: 'SERVICE',
      dentalTreatmentId: 2,
    });
  });

  it('names the browser tab, searches by name and says when a search finds nothing', async () => {
    storeSignedInSession();
    const server = fakeServer({
      ...fakeMaster(treatmentContract.names, [
        { ...rootCanal, has_chart: false },
        { ...rootCanal, id: uuid(2), treatment_name: 'Scaling', has_chart: false },
      ]),
      'GET /api/masters/get-dental-treatment-types': dentalTreatmentTypes,
    });
    renderApp('/dashboard/treatment-masters');

    expect(await screen.findByRole('cell', { name: 'Scaling' }, firstAppearance)).toBeVisible();
    expect(document.title).toBe('Treatment Masters · Vaidya');

    await userEvent.type(screen.getByPlaceholderText('Search treatments'), 'root');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Scaling' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Root canal' })).toBeVisible();

    await userEvent.type(screen.getByPlaceholderText('Search treatments'), 'x');
    expect(await screen.findByText('No treatments match "rootx"')).toBeVisible();
    expect(screen.queryByText('No Treatments Found')).not.toBeInTheDocument();
    const queries = server
      .requests('GET /api/masters/get-treatments')
      .map((request) => request.url.searchParams.get('query'));
    expect(queries).toEqual([null, 'root', 'rootx']);
  });

  it('offers no chart to a doctor who is not a dentist, in a dialog that says it edits', async () => {
    storeSignedInSession();
    fakeServer({
      'GET /api/get-partner-details': answer({ data: { ...sushrutDental, speciality_type: 'DOCTOR' } }),
      'GET /api/masters/get-treatments': answer({
        data: { results: [{ ...rootCanal, has_chart: false }], pagination: { total: 1, page: 1, limit: 10 } },
      }),
    });
    renderApp('/dashboard/treatment-masters');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Root canal' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    expect(await within(dialog).findByLabelText(/Treatment name/)).toHaveValue('Root canal');
    expect(within(dialog).queryByRole('checkbox', { name: 'Chart' })).not.toBeInTheDocument();
  });

  it('steps back a page when the only row of the last page is deleted', async () => {
    storeSignedInSession();
    const treatments = Array.from({ length: 11 }, (_, index) => ({
      ...rootCanal,
      id: uuid(index + 1),
      treatment_name: `Treatment ${index + 1}`,
      has_chart: false,
    }));
    fakeServer({
      ...fakeMaster(treatmentContract.names, treatments),
      'GET /api/masters/get-dental-treatment-types': dentalTreatmentTypes,
    });
    renderApp('/dashboard/treatment-masters');

    expect(await screen.findByRole('cell', { name: 'Treatment 1' }, firstAppearance)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Treatment 11' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Treatment deleted successfully')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Treatment 10' })).toBeVisible();
    expect(screen.getByText('1–10 of 10')).toBeVisible();
    expect(screen.queryByText('No Treatments Found')).not.toBeInTheDocument();
  });
});
