import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakePatient, fakePatients, patientRoutes } from '../../testing/fake-patients';
import { answer, fakeServer, type Handler, inTurn, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { onAScreenOf } from '../../testing/screen-width';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./patients-page'),
    import('./patient-page'),
    import('./components/patient-dialog'),
  ]);
});

const asha = fakePatient(1, 'Asha Kulkarni', {
  mobile: '9822054321',
  gender: 'female',
  age: 34,
  last_visit_date: '2026-11-23',
  balance: 620.5,
});
const rohit = fakePatient(2, 'Rohit Sharma', { mobile: '9890011122', gender: 'male', age: 8 });
const meera = fakePatient(3, 'Meera Joshi', { mobile: '9822004321' });

function open(patients = [asha, rohit, meera], routes: Record<string, Handler> = {}) {
  storeSignedInSession();
  const server = fakeServer({ ...fakePatients(patients), ...routes });
  const router = renderApp('/dashboard/patients');
  return { server, router };
}

const searched = (server: ReturnType<typeof fakeServer>) =>
  server.requests(patientRoutes.list).map((request) => request.url.searchParams.get('query'));

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Patients screen', () => {
  it('lists the clinic’s patients: number, name, age/sex, mobile, last visit and what is due in red, under Patients after Bookings', async () => {
    const { server } = open();
    const row = (await screen.findByRole('link', { name: 'Asha Kulkarni' }, firstAppearance)).closest('tr');
    if (!row) throw new Error('no row');
    expect(cellsOf(row)).toEqual(['1', 'Asha Kulkarni', '34 F', '9822054321', '23/11/2026', '₹620.50']);
    expect(within(row).getByText('₹620.50')).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    const rohitRow = screen.getByRole('link', { name: 'Rohit Sharma' }).closest('tr');
    if (!rohitRow) throw new Error('no row');
    expect(cellsOf(rohitRow)).toEqual(['2', 'Rohit Sharma', '8 M', '9890011122', '—', '₹0.00']);
    expect(within(rohitRow).getByText('₹0.00')).not.toHaveStyle({ color: 'rgb(211, 47, 47)' });
    for (const header of ['Patient No.', 'Name', 'Age/Sex', 'Mobile', 'Last visit', 'Balance']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeVisible();
    }
    expect(screen.getByText('1–3 of 3')).toBeVisible();
    const first = server.requests(patientRoutes.list)[0]?.url.searchParams;
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('10');
    expect(first?.has('query')).toBe(false);

    const navigation = screen.getByRole('navigation', { name: 'Dashboard' });
    const items = within(navigation)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(items.slice(0, 2)).toEqual(['Bookings', 'Patients']);
    expect(within(navigation).getByRole('link', { name: 'Patients' })).toHaveClass('active');
  });

  it('follows the search as it is typed, and says when nothing is found', async () => {
    const { server } = open();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Asha Kulkarni' }, firstAppearance);
    const search = screen.getByRole('searchbox', { name: 'Search by patient number, mobile or name' });

    await user.type(search, '4321');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Rohit Sharma' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Asha Kulkarni' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Meera Joshi' })).toBeVisible();
    // Typing in one go asks once, for what was typed.
    expect(searched(server).filter(Boolean)).toEqual(['4321']);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No patient matches “zzz”')).toBeVisible();
  });

  it('moves through the rows with ↑ and ↓ and opens the one reached with Enter', async () => {
    open();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Asha Kulkarni' }, firstAppearance);
    const search = screen.getByRole('searchbox', { name: 'Search by patient number, mobile or name' });
    await user.click(search);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');

    const rohitRow = screen.getByRole('link', { name: 'Rohit Sharma' }).closest('tr');
    expect(rohitRow).toHaveClass('Mui-selected');
    expect(search).toHaveAttribute('aria-activedescendant', rohitRow?.id);

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rohit Sharma' })).toBeVisible();
  });

  it('opens the best match with Enter once the search has answered', async () => {
    open();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Asha Kulkarni' }, firstAppearance);
    const search = screen.getByRole('searchbox', { name: 'Search by patient number, mobile or name' });
    await user.type(search, 'meer');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Asha Kulkarni' })).not.toBeInTheDocument(),
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Joshi' })).toBeVisible();
  });

  it('says when the clinic has no patients yet, and shows placeholders while the list loads', async () => {
    let release: (response: Response) => void = () => {};
    const { server } = open([], {
      [patientRoutes.list]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    await waitFor(() => expect(server.requests(patientRoutes.list)).toHaveLength(1), firstAppearance);
    expect(screen.getAllByRole('rowgroup')[1]).toHaveAttribute('aria-busy', 'true');
    release(
      Response.json({
        data: { results: [], pagination: { total: 0, page: 1, limit: 10, total_capped: false } },
      }),
    );
    expect(await screen.findByText('No patients yet')).toBeVisible();
  });

  it('says "1,000+" when the clinic counts no further, and pages on past the count', async () => {
    const tenPatients = Array.from({ length: 10 }, (_, index) =>
      fakePatient(index + 1, `Patient ${index + 1}`),
    );
    // The API counts up to 1,000, or just past the page asked when that is further (decision 043).
    const { server } = open([], {
      [patientRoutes.list]: ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        const pagination = { total: Math.max(1000, page * 10), page, limit: 10, total_capped: true };
        return Response.json({ data: { results: tenPatients, pagination } });
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('1–10 of 1,000+', {}, firstAppearance)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('11–20 of 1,000+')).toBeVisible();
    expect(server.requests(patientRoutes.list).at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
  });

  it('says the list could not be fetched, and Retry asks again', async () => {
    const failure = answer({ message: 'Internal Server Error', code: 'INTERNAL' }, 500);
    const { server } = open([asha], {
      [patientRoutes.list]: inTurn(failure, failure, fakePatients([asha])[patientRoutes.list] as Handler),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Failed to fetch patients', {}, firstAppearance)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Asha Kulkarni' })).toBeVisible();
    expect(server.requests(patientRoutes.list)).toHaveLength(3);
  });

  it('adds a patient with allergies and alerts, then opens their page', async () => {
    const { server } = open([asha]);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Asha Kulkarni' }, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Add patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add patient' });

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(server.requests(patientRoutes.add)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Kavita Rao');
    await user.type(within(dialog).getByRole('textbox', { name: 'Mobile number' }), '+91 98220 12345');
    await user.type(within(dialog).getByRole('textbox', { name: 'Age (years)' }), '41');
    expect(within(dialog).getByText('Leave blank for the next number')).toBeVisible();
    const allergies = within(dialog).getByRole('textbox', { name: 'Allergies' });
    await user.type(allergies, 'Penicillin{Enter}Sulfa{Enter}Latex{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Sulfa' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Diabetic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Kavita Rao' })).toBeVisible();
    expect(server.requests(patientRoutes.add)[0]?.body).toMatchObject({
      name: 'Kavita Rao',
      mobile: '9822012345',
      age: 41,
      dateOfBirth: null,
      patientNumber: '',
      allergies: ['Penicillin', 'Latex'],
      medicalAlerts: ['diabetic'],
    });
    expect(await screen.findByText('Patient added successfully')).toBeVisible();
  });

  it('keeps what was typed and shows the server’s refusal when the patient number is taken', async () => {
    open([asha], {
      [patientRoutes.add]: answer(
        { message: 'Patient number SDC-0042 already belongs to another patient', code: 'CONFLICT' },
        409,
      ),
    });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Asha Kulkarni' }, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Add patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add patient' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Kavita Rao');
    await user.type(within(dialog).getByRole('textbox', { name: 'Mobile number' }), '9822012345');
    await user.type(within(dialog).getByRole('textbox', { name: 'Patient number' }), 'SDC-0042');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Patient number SDC-0042 already belongs to another patient'),
    ).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Kavita Rao');
  });

  it('fits a 360 px phone: the number, age/sex and mobile under the name, the last visit under the balance', async () => {
    onAScreenOf(360);
    open();
    const row = (await screen.findByRole('link', { name: 'Asha Kulkarni' }, firstAppearance)).closest('tr');
    if (!row) throw new Error('no row');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Patient',
      'Balance',
    ]);
    expect(within(row).getByText('No. 1 · 34 F')).toBeVisible();
    expect(within(row).getByText('9822054321')).toBeVisible();
    expect(within(row).getByText('Last visit 23/11/2026')).toBeVisible();
  });
});
