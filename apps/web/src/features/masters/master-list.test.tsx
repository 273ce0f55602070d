import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { complaintContract } from '@vaidya/contract/masters';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeRow, fakeMaster, uuid } from '../../testing/fake-masters';
import {
  answer,
  fakeServer,
  type Handler,
  storeSignedInSession,
  unreachable,
} from '../../testing/fake-server';
import { readyAddButton } from '../../testing/master-add-button';
import { renderApp } from '../../testing/render-app';
import { onAScreenOf } from '../../testing/screen-width';

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
      await screen.findByRole('heading', { level: 1, name: 'Prescription Masters' }, firstAppearance),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Complaints/ }));

    expect(
      await screen.findByText('No complaints found. Add your first complaint!', {}, firstAppearance),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
    expect(router.state.location.search).toBe('?list=complaints');
  });

  it('adds a complaint, asks for its name first, says so and lights up its row', async () => {
    storeSignedInSession();
    const scrolledIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const server = fakeServer(complaints([]));
    renderApp('/dashboard/prescription-masters?list=complaints');

    await userEvent.click(await readyAddButton('Add Complaint'));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Complaint' });
    const name = await within(dialog).findByLabelText(/Complaint Name/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please fill in all required fields')).toBeVisible();

    await userEvent.type(name, 'Toothache');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Complaint added successfully')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Toothache' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('row', { name: /Toothache/ });
    expect(within(row).getByText('Just added')).toBeVisible();
    expect(scrolledIntoView.mock.contexts).toContain(row);
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

    await userEvent.click(await readyAddButton('Add Complaint'));
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

    await userEvent.click(await readyAddButton('Add Complaint'));
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

    expect(await screen.findByRole('cell', { name: '₹20.00' }, firstAppearance)).toBeVisible();
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

  it('names the price and the rule it breaks, before sending anything', async () => {
    storeSignedInSession();
    const server = fakeServer({ 'GET /api/masters/get-products': productList([paracetamol]) });
    renderApp('/dashboard/prescription-masters?list=medicines');

    expect(await screen.findByRole('cell', { name: '₹20.00' }, firstAppearance)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Paracetamol 500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Medicine' });
    const price = await within(dialog).findByLabelText('Price');
    for (const [typed, sentence] of [
      ['-5', 'Price cannot be negative'],
      ['12.345', 'Price must have at most two decimals'],
      ['abc', 'Price must be an amount in rupees, like 500 or 499.50'],
    ] as const) {
      await userEvent.clear(price);
      await userEvent.type(price, typed);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
      expect(await within(dialog).findByText(sentence)).toBeVisible();
    }
    expect(server.requests('PUT /api/masters/update-product')).toHaveLength(0);
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

const elevenComplaints = Array.from({ length: 11 }, (_, index) => ({
  id: uuid(index + 1),
  complaint_name: `Complaint ${String(index + 1).padStart(2, '0')}`,
}));

async function addComplaint(name: string) {
  await userEvent.click(await readyAddButton('Add Complaint'));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Complaint' });
  await userEvent.type(await within(dialog).findByLabelText(/Complaint Name/), name);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
}

describe('finding what was just added', { timeout: journeyTimeout }, () => {
  it('shows a new row that belongs on a later page above the first page until the next page', async () => {
    storeSignedInSession();
    fakeServer(complaints(elevenComplaints));
    renderApp('/dashboard/prescription-masters?list=complaints');
    expect(await screen.findByRole('cell', { name: 'Complaint 01' }, firstAppearance)).toBeVisible();

    await addComplaint('Zebra pain');

    expect(await screen.findByText('Complaint added successfully')).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(12));
    const [, pinned, ...page] = screen.getAllByRole('row');
    expect(pinned).toHaveTextContent('Zebra pain');
    expect(within(pinned as HTMLElement).getByText('Just added')).toBeVisible();
    expect(page.map((row) => row.textContent)).toEqual(
      elevenComplaints.slice(0, 10).map((row, index) => `${index + 1}${row.complaint_name}`),
    );
    expect(screen.getByText('1–10 of 12')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
        'S.NoComplaint NameActions',
        '11Complaint 11',
        '12Zebra pain',
      ]),
    );
  });

  it('lets go of the mark when the just-added row is deleted, and counts it gone', async () => {
    storeSignedInSession();
    fakeServer(complaints(elevenComplaints));
    renderApp('/dashboard/prescription-masters?list=complaints');
    expect(await screen.findByRole('cell', { name: 'Complaint 01' }, firstAppearance)).toBeVisible();

    await addComplaint('Zebra pain');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Zebra pain' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Zebra pain')).not.toBeInTheDocument());
    expect(await screen.findByText('1–10 of 11')).toBeVisible();
  });
});

describe('searching', { timeout: journeyTimeout }, () => {
  it('says a search found nothing in its own words, and an emptied box shows everything again', async () => {
    storeSignedInSession();
    fakeServer(complaints([{ id: uuid(1), complaint_name: 'Fever' }]));
    renderApp('/dashboard/prescription-masters?list=complaints');
    expect(await screen.findByRole('cell', { name: 'Fever' }, firstAppearance)).toBeVisible();

    await userEvent.type(screen.getByPlaceholderText('Search complaints'), 'xyz');

    expect(await screen.findByText('No complaints match "xyz"')).toBeVisible();
    expect(screen.queryByText('No complaints found. Add your first complaint!')).not.toBeInTheDocument();

    await userEvent.clear(screen.getByPlaceholderText('Search complaints'));
    expect(await screen.findByRole('cell', { name: 'Fever' })).toBeVisible();
    expect(screen.queryByText(/match/)).not.toBeInTheDocument();
  });
});

/** The list's answers fail, as with no connection, until `reconnect()`. */
function listOutOfReach(list: Handler) {
  let reachable = false;
  return {
    handler: ((request) => (reachable ? list(request) : unreachable(request))) satisfies Handler,
    reconnect: () => {
      reachable = true;
    },
  };
}

describe('out of reach', { timeout: journeyTimeout }, () => {
  const fever = { id: uuid(1), complaint_name: 'Fever' };
  const route = 'GET /api/masters/get-complaints';

  it('offers Retry when the list cannot be fetched', async () => {
    storeSignedInSession();
    const master = complaints([fever]);
    const connection = listOutOfReach(master[route] as Handler);
    fakeServer({ ...master, [route]: connection.handler });
    renderApp('/dashboard/prescription-masters?list=complaints');

    const alert = await screen.findByRole('alert', {}, firstAppearance);
    expect(alert).toHaveTextContent('Failed to fetch complaints');

    connection.reconnect();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('cell', { name: 'Fever' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks again by itself when the connection returns', async () => {
    storeSignedInSession();
    const master = complaints([fever]);
    const connection = listOutOfReach(master[route] as Handler);
    fakeServer({ ...master, [route]: connection.handler });
    renderApp('/dashboard/prescription-masters?list=complaints');
    expect(await screen.findByRole('alert', {}, firstAppearance)).toHaveTextContent(
      'Failed to fetch complaints',
    );

    connection.reconnect();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));

    expect(await screen.findByRole('cell', { name: 'Fever' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('while the first page loads', { timeout: journeyTimeout }, () => {
  it('holds a page of placeholder rows and claims no count', async () => {
    storeSignedInSession();
    const master = complaints(elevenComplaints);
    const route = 'GET /api/masters/get-complaints';
    let answerNow = () => {};
    const held = new Promise<void>((resolve) => {
      answerNow = resolve;
    });
    fakeServer({
      ...master,
      [route]: async (request) => {
        await held;
        return (master[route] as Handler)(request);
      },
    });
    renderApp('/dashboard/prescription-masters?list=complaints');

    expect(
      await screen.findByRole('columnheader', { name: 'Complaint Name' }, firstAppearance),
    ).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.queryByText(/ of /)).not.toBeInTheDocument();

    answerNow();
    // The answer's render waits behind whatever else the machine runs: the same patience as the first.
    expect(await screen.findByRole('cell', { name: 'Complaint 01' }, firstAppearance)).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.getByText('1–10 of 11')).toBeVisible();
  });
});

describe('the browser tab', { timeout: journeyTimeout }, () => {
  it('is named after the list on view', async () => {
    storeSignedInSession();
    fakeServer({ 'GET /api/masters/get-products': productList([paracetamol]) });
    renderApp('/dashboard/prescription-masters?list=medicines');

    expect(await screen.findByRole('cell', { name: 'Paracetamol 500' }, firstAppearance)).toBeVisible();
    expect(document.title).toBe('Medicines · Vaidya');
  });
});

describe('on a phone', { timeout: journeyTimeout }, () => {
  it('shows each row as its name over its other columns, beside both actions, and a pager that fits', async () => {
    storeSignedInSession();
    onAScreenOf(360);
    fakeServer({ 'GET /api/masters/get-products': productList([paracetamol, amoxicillin]) });
    renderApp('/dashboard/prescription-masters?list=medicines');

    const row = await screen.findByRole('row', { name: /Paracetamol 500/ }, firstAppearance);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Medicine Name',
      'Actions',
    ]);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Paracetamol 500Price ₹20.00', '']);
    expect(within(row).getByRole('button', { name: 'Edit Paracetamol 500' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Delete Paracetamol 500' })).toBeVisible();
    expect(screen.getByText('1–2 of 2')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: /Rows per page/ })).not.toBeInTheDocument();
  });
});
