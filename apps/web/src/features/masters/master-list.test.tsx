import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, type Handler, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

type Row = { id: string } & Record<string, unknown>;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A master's list, add, update and delete over rows kept in memory, searching by name as the server does. */
function masterRoutes(options: {
  slug: string;
  plural: string;
  nameField: string;
  payloadField: string;
  rows: Row[];
}) {
  let rows = [...options.rows];
  let next = 100;
  const list: Handler = ({ url }) => {
    const query = (url.searchParams.get('query') ?? '').toLowerCase();
    const found = rows.filter((row) => String(row[options.nameField]).toLowerCase().includes(query));
    return Response.json({
      data: { results: found, pagination: { total: found.length, page: 1, limit: 10 } },
    });
  };
  const save =
    (status: number): Handler =>
    ({ body }) => {
      const payload = body as Record<string, unknown>;
      const saved = {
        id: (payload.id as string | undefined) ?? uuid(next++),
        [options.nameField]: payload[options.payloadField],
      };
      rows = payload.id ? rows.map((row) => (row.id === saved.id ? saved : row)) : [...rows, saved];
      return Response.json({ data: saved }, { status });
    };
  return {
    [`GET /api/masters/get-${options.plural}`]: list,
    [`POST /api/masters/add-${options.slug}`]: save(201),
    [`PUT /api/masters/update-${options.slug}`]: save(200),
    [`DELETE /api/masters/delete-${options.slug}`]: ({ url }: { url: URL }) => {
      const deleted = rows.find((row) => row.id === url.searchParams.get(`${options.slug}_id`));
      rows = rows.filter((row) => row !== deleted);
      return Response.json({ data: deleted });
    },
  } satisfies Record<string, Handler>;
}

const complaints = (rows: Row[]) =>
  masterRoutes({
    slug: 'complaint',
    plural: 'complaints',
    nameField: 'complaint_name',
    payloadField: 'complaintName',
    rows,
  });

describe('a simple master list', () => {
  it('opens from its card and says when there is nothing yet', async () => {
    storeSignedInSession();
    fakeServer(complaints([]));
    const router = renderApp('/dashboard/prescription-masters');

    expect(await screen.findByRole('heading', { level: 1, name: 'Consultation Masters' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Complaints/ }));

    expect(await screen.findByText('No complaints found. Add your first complaint!')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
    expect(router.state.location.search).toBe('?list=complaints');
  });

  it('adds a complaint, asks for its name first, and shows it in the reloaded list', async () => {
    storeSignedInSession();
    const server = fakeServer(complaints([]));
    renderApp('/dashboard/prescription-masters?list=complaints');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Complaint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Complaint' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please fill in all required fields')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText(/Complaint Name/), 'Toothache');
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
    expect(await screen.findByRole('cell', { name: 'Fever' })).toBeVisible();

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

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Fever' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Complaint' });
    const name = within(dialog).getByLabelText(/Complaint Name/);
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

    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic is not set up yet');
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
const productList = (rows: Row[]) =>
  answer({ data: { results: rows, pagination: { total: rows.length, page: 1, limit: 10 } } });

describe('medicines', () => {
  it('edits every field of a medicine and confirms with a toast', async () => {
    storeSignedInSession();
    const server = fakeServer({
      'GET /api/masters/get-products': productList([paracetamol]),
      'PUT /api/masters/update-product': answer({ data: { ...paracetamol, days: 5 } }),
    });
    renderApp('/dashboard/prescription-masters?list=medicines');

    expect(await screen.findByRole('cell', { name: '₹20' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Paracetamol 500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Medicine' });
    expect(within(dialog).getByLabelText(/Medicine Name/)).toHaveValue('Paracetamol 500');
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

describe('medicine templates', () => {
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

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Post extraction' }));
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
