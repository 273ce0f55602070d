import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { complaintContract } from '@vaidya/contract/masters';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeRow, fakeMaster, uuid } from '../../testing/fake-masters';
import { answer, fakeServer, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

const complaints = (rows: FakeRow[]) => fakeMaster(complaintContract.names, rows);

// The router and the dialogs load these lazily; the first test would otherwise spend its
// waits on compiling them, which on a busy machine takes longer than a wait allows.
// Even compiled, the dashboard and then the page render before the list is asked for.
const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 30_000;

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./prescription-masters-page'),
    import('./components/name-form'),
    import('./components/medicine-form'),
    import('./components/template-form'),
  ]);
});

describe('a simple master list', { timeout: journeyTimeout }, () => {
  it('opens from its card and says when there is nothing yet', async () => {
    storeSignedInSession();
    fakeServer(complaints([]));
    const router = renderApp('/dashboard/prescription-masters');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Consultation Masters' }, firstAppearance),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Complaints/ }));

    expect(
      await screen.findByText('No complaints found. Add your first complaint!', {}, firstAppearance),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
    expect(router.state.location.search).toBe('?list=complaints');
  });

  it('adds a complaint, asks for its name first, and shows it in the reloaded list', async () => {
    storeSignedInSession();
    const server = fakeServer(complaints([]));
    renderApp('/dashboard/prescription-masters?list=complaints');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Complaint' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Complaint' });
    const name = await within(dialog).findByLabelText(/Complaint Name/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please fill in all required fields')).toBeVisible();

    await userEvent.type(name, 'Toothache');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('cell', { name: 'Toothache' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests('POST /api/masters/add-complaint')[0]?.body).toEqual({
      complaintName: 'Toothache',
    });
  });

  it('searches once the typing pauses', async () => {
    storeSignedInSession();
    const server = fakeServer(
      complaints([
        { id: uuid(1), complaint_name: 'Fever' },
        { id: uuid(2), complaint_name: 'Toothache' },
      ]),
    );
    renderApp('/dashboard/prescription-masters?list=complaints');
    expect(await screen.findByRole('cell', { name: 'Fever' }, firstAppearance)).toBeVisible();

    await userEvent.type(screen.getByPlaceholderText('Search complaints'), 'tooth');

    await waitFor(() => expect(screen.queryByText('Fever')).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Toothache' })).toBeVisible();
    const queries = server
      .requests('GET /api/masters/get-complaints')
      .map((request) => request.url.searchParams.get('query'));
    expect(queries).toEqual([null, 'tooth']);
  });

  it('replaces an edited row where it stands and removes a deleted one after confirmation', async () => {
    storeSignedInSession();
    fakeServer(
      complaints([
        { id: uuid(1), complaint_name: 'Fever' },
        { id: uuid(2), complaint_name: 'Toothache' },
      ]),
    );
    renderApp('/dashboard/prescription-masters?list=complaints');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Fever' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Complaint' });
    const name = await within(dialog).findByLabelText(/Complaint Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'High fever');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
        'S.NoComplaint NameActions',
        '1High fever',
        '2Toothache',
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete Toothache' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete Toothache? This action cannot be undone.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Toothache')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'High fever' })).toBeVisible();
  });

  it('shows the server’s reason when the list cannot be fetched', async () => {
    storeSignedInSession();
    fakeServer({
      'GET /api/masters/get-diagnoses': answer(
        { message: 'The clinic is not set up yet', code: 'NOT_FOUND' },
        404,
      ),
    });
    renderApp('/dashboard/prescription-masters?list=diagnoses');

    expect(await screen.findByRole('alert', {}, firstAppearance)).toHaveTextContent(
      'The clinic is not set up yet',
    );
  });

  it('says the screen’s own sentence when the server fails, whatever the server wrote', async () => {
    storeSignedInSession();
    fakeServer({
      'GET /api/masters/get-observations': answer(
        { message: 'Something went wrong. Please try again.', code: 'INTERNAL' },
        500,
      ),
    });
    renderApp('/dashboard/prescription-masters?list=observations');

    // The client asks once more after a server failure before it gives up.
    expect(await screen.findByRole('alert', {}, firstAppearance)).toHaveTextContent(
      'Failed to fetch observations',
    );
  });

  it('refuses a name longer than the contract allows before sending it', async () => {
    storeSignedInSession();
    const server = fakeServer(complaints([]));
    renderApp('/dashboard/prescription-masters?list=complaints');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Complaint' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Complaint' });
    const name = await within(dialog).findByLabelText(/Complaint Name/);
    // Pasted rather than typed: 201 keystrokes take seconds on a busy machine.
    await userEvent.click(name);
    await userEvent.paste('a'.repeat(201));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByText('Complaint name must be at most 200 characters')).toBeVisible();
    expect(server.requests('POST /api/masters/add-complaint')).toHaveLength(0);
  });

  it('shows a refused field’s sentence without the field’s name in front', async () => {
    storeSignedInSession();
    fakeServer({
      ...complaints([]),
      'POST /api/masters/add-complaint': answer(
        {
          message: 'complaintName: Complaint name must be at most 200 characters',
          code: 'VALIDATION_FAILED',
        },
        400,
      ),
    });
    renderApp('/dashboard/prescription-masters?list=complaints');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Complaint' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Complaint' });
    await userEvent.type(await within(dialog).findByLabelText(/Complaint Name/), 'Toothache');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Complaint name must be at most 200 characters$/,
    );
  });
});

const paracetamol = {
  id: uuid(11),
  product_name: 'Paracetamol 500',
  price: 20,
  tax_percentage: 12,
  composition: 'Paracetamol',
  dosage_qty: '1 tablet',
  instructions: 'After meal',
  days: 3,
  is_morning: true,
  is_afternoon: false,
  is_evening: true,
  is_sos: false,
};
const amoxicillin = {
  ...paracetamol,
  id: uuid(12),
  product_name: 'Amoxicillin 250',
  price: 45,
  composition: 'Amoxicillin',
};
const productList = (rows: FakeRow[]) =>
  answer({ data: { results: rows, pagination: { total: rows.length, page: 1, limit: 10 } } });

describe('medicines', { timeout: journeyTimeout }, () => {
  it('edits every field of a medicine and confirms with a toast', async () => {
    storeSignedInSession();
    const server = fakeServer({
      'GET /api/masters/get-products': productList([paracetamol]),
      'PUT /api/masters/update-product': answer({ data: { ...paracetamol, days: 5 } }),
    });
    renderApp('/dashboard/prescription-masters?list=medicines');

    expect(await screen.findByRole('cell', { name: '₹20' }, firstAppearance)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Paracetamol 500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Medicine' });
    expect(await within(dialog).findByLabelText(/Medicine Name/)).toHaveValue('Paracetamol 500');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('20');
    expect(within(dialog).getByLabelText('Tax')).toHaveValue('12');
    expect(within(dialog).getByLabelText('Composition')).toHaveValue('Paracetamol');
    expect(within(dialog).getByLabelText('Dosage Quantity')).toHaveValue('1 tablet');
    expect(within(dialog).getByLabelText('Instructions')).toHaveValue('After meal');
    expect(within(dialog).getByRole('checkbox', { name: 'M' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'A' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'E' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'SOS' })).not.toBeChecked();

    const days = within(dialog).getByLabelText('Days');
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'SOS' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Medicine updated successfully')).toBeVisible();
    expect(server.requests('PUT /api/masters/update-product')[0]?.body).toEqual({
      id: paracetamol.id,
      productName: 'Paracetamol 500',
      price: 20,
      tax_percentage: 12,
      composition: 'Paracetamol',
      dosageQty: '1 tablet',
      instructions: 'After meal',
      days: 5,
      is_morning: true,
      is_afternoon: false,
      is_evening: true,
      is_sos: true,
    });
  });
});

describe('medicine templates', { timeout: journeyTimeout }, () => {
  it('opens a template with its two medicines', async () => {
    storeSignedInSession();
    const template = {
      id: uuid(21),
      template_name: 'Post extraction',
      medicines: [paracetamol, amoxicillin],
    };
    const server = fakeServer({
      'GET /api/masters/get-product-templates': productList([template]),
      'GET /api/masters/get-products-of-template': answer({ data: [paracetamol, amoxicillin] }),
      'GET /api/masters/get-products': productList([paracetamol, amoxicillin]),
      'PUT /api/masters/update-product-template': answer({
        data: { ...template, template_name: 'After extraction' },
      }),
    });
    renderApp('/dashboard/prescription-masters?list=templates');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Post extraction' }, firstAppearance),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Medicine Template' });
    expect(await within(dialog).findByRole('button', { name: 'Paracetamol 500' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Amoxicillin 250' })).toBeVisible();

    const name = within(dialog).getByLabelText(/Template Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'After extraction');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('cell', { name: 'After extraction' })).toBeVisible();
    expect(
      server.requests('GET /api/masters/get-products-of-template')[0]?.url.searchParams.get('template_id'),
    ).toBe(template.id);
    expect(server.requests('PUT /api/masters/update-product-template')[0]?.body).toEqual({
      id: template.id,
      templateName: 'After extraction',
      productIds: [paracetamol.id, amoxicillin.id],
    });
  });
});
