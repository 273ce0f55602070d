import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarDateEnGb, localToday } from '@vaidya/contract/calendar-dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { patientPagePath } from '../../lib/paths';
import { sessionKeys } from '../../lib/session';
import { fakeBillDay, fakeBillSummary, fakeBills } from '../../testing/fake-bills';
import {
  answer,
  fakeServer,
  type Handler,
  inTurn,
  kothrud,
  storeSignedInSession,
  sushrutDental,
  unreachable,
} from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./bills-page'),
    import('./components/bill-history-dialog'),
  ]);
});

const day = fakeBillDay;
const anil = fakeBillSummary(1, 'Anil Deshpande', {
  customer_mobile: '9822000001',
  generated_date: day,
  subtotal: 1500,
  tax: 120.5,
  final_amount: 1620.5,
  amount_paid: 1000,
  balance: 620.5,
});
const meera = fakeBillSummary(2, 'Meera Joshi', { customer_mobile: '9822000002', generated_date: day });

function open(routes: Record<string, Handler> = {}, bills = [anil, meera]) {
  storeSignedInSession();
  localStorage.setItem(sessionKeys.selectedDay, day);
  const server = fakeServer({ ...fakeBills({ bills }), ...routes });
  const router = renderApp('/dashboard/bills');
  return { server, router };
}

const listRequests = (server: ReturnType<typeof fakeServer>) =>
  server.requests('GET /api/bill/get-bills').map((request) => request.url.searchParams);

describe('Bills screen', () => {
  it('lists the location’s bills with their figures, a preview link opening a new tab, 20 rows at first', async () => {
    const { server } = open();
    const row = (await screen.findByRole('cell', { name: 'Anil Deshpande' }, firstAppearance)).closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual([
      '1',
      'Anil Deshpande',
      '9822000001',
      '23/11/2099',
      '₹1,620.50',
      '₹120.50',
      '₹1,000.00',
      '₹620.50',
    ]);
    for (const header of [
      'S.No',
      'Patient Name',
      'Phone Number',
      'Date',
      'Total Amount',
      'Tax Amount',
      'Total Paid',
      'Balance',
      'Actions',
    ]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeVisible();
    }
    const view = within(row).getByRole('link', { name: 'View Bill of Anil Deshpande' });
    expect(view).toHaveAttribute('href', `/bill-preview/${anil.id}`);
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener');
    expect(within(row).getByRole('link', { name: 'Anil Deshpande' })).toHaveAttribute(
      'href',
      patientPagePath(anil.patient_id),
    );

    const params = listRequests(server).at(-1);
    expect(params?.get('location_id')).toBe(kothrud.id);
    expect(params?.get('limit')).toBe('20');
    expect(params?.get('page')).toBe('1');
    expect(params?.get('start_date')).toBe(day);
    expect(params?.get('end_date')).toBe(day);
    expect(screen.getByRole('combobox', { name: 'Rows per page:' })).toHaveValue('20');
  });

  it('starts the dates at the clinic’s today when the stored day is earlier', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedDay, '2020-01-01');
    const server = fakeServer(fakeBills({ bills: [] }));
    renderApp('/dashboard/bills');
    const today = localToday(sushrutDental.time_zone, new Date()).date;
    expect(await screen.findByText('No bills found.', {}, firstAppearance)).toBeVisible();
    expect(screen.getByLabelText('Start Date')).toHaveValue(calendarDateEnGb(today));
    expect(screen.getByLabelText('End Date')).toHaveValue(calendarDateEnGb(today));
    expect(listRequests(server).at(-1)?.get('start_date')).toBe(today);
  });

  it('refuses a search of 1 or 2 characters and searches once typing pauses', async () => {
    const { server } = open();
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'Anil Deshpande' }, firstAppearance);
    const search = screen.getByRole('searchbox', { name: 'Search by name or phone number' });

    await user.type(search, 'an');
    expect(screen.getByText('Please enter at least 3 characters')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listRequests(server).some((params) => params.get('query') === 'an')).toBe(false);

    await user.type(search, 'il');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Meera Joshi' })).toBeNull());
    expect(screen.queryByText('Please enter at least 3 characters')).toBeNull();
    const queries = listRequests(server)
      .map((params) => params.get('query'))
      .filter(Boolean);
    expect(queries).toEqual(['anil']);
    expect(screen.getByRole('cell', { name: 'Anil Deshpande' })).toBeVisible();
  });

  it('refuses dates in the wrong order, under the date just changed', async () => {
    const { server } = open();
    await screen.findByRole('cell', { name: 'Anil Deshpande' }, firstAppearance);
    const before = listRequests(server).length;

    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '30/11/2099' } });
    expect(await screen.findByText('Start date cannot be after end date')).toBeVisible();
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '20/11/2099' } });
    expect(await screen.findByText('End date cannot be before start date')).toBeVisible();
    expect(screen.queryByText('Start date cannot be after end date')).toBeNull();
    expect(listRequests(server).length).toBe(before);

    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '31/12/2099' } });
    await waitFor(() => expect(listRequests(server).at(-1)?.get('end_date')).toBe('2099-12-31'));
    expect(listRequests(server).at(-1)?.get('start_date')).toBe('2099-11-30');
    expect(await screen.findByText('No bills found.')).toBeVisible();
  });

  it('pages 10, 20 or 50 rows at a time', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      fakeBillSummary(index + 10, `Patient ${index + 1}`, { generated_date: day }),
    );
    const { server } = open({}, many);
    const user = userEvent.setup();
    await screen.findByText('Patient 20', {}, firstAppearance);
    expect(screen.queryByText('Patient 21')).toBeNull();
    const sizes = screen.getByRole('combobox', { name: 'Rows per page:' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '50']);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Patient 21')).toBeVisible();
    expect(screen.getByText('21')).toBeVisible();
    expect(listRequests(server).at(-1)?.get('page')).toBe('2');

    await user.selectOptions(sizes, '50');
    expect(await screen.findByText('Patient 1')).toBeVisible();
    expect(screen.getByText('Patient 25')).toBeVisible();
    expect(listRequests(server).at(-1)?.get('limit')).toBe('50');
    expect(listRequests(server).at(-1)?.get('page')).toBe('1');
  }, 60_000);

  it('shows a patient’s bill history with the total balance', async () => {
    const older = fakeBillSummary(3, 'Anil Deshpande', {
      customer_mobile: '9822000001',
      generated_date: '2026-10-02',
      final_amount: 800,
      tax: 0,
      amount_paid: 500,
      balance: 300,
    });
    const { server } = open({}, [anil, meera, older]);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Bill history of Anil Deshpande' }, firstAppearance),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Total Balance: ₹920.50')).toBeVisible();
    expect(within(dialog).getByRole('cell', { name: '02/10/2026' })).toBeVisible();
    expect(within(dialog).getByRole('cell', { name: '₹300.00' })).toBeVisible();
    expect(within(dialog).getByRole('columnheader', { name: 'Amount Paid' })).toBeVisible();
    expect(server.requests('POST /api/bill/get-pending-amount').at(-1)?.body).toEqual({
      customer_mobile: '9822000001',
      location_id: kothrud.id,
    });
  });

  it('says so when a patient has no bill history, and when it cannot be fetched', async () => {
    open({
      'POST /api/bill/get-pending-amount': inTurn(
        answer({ data: { totalBalance: 0, bills: [] } }),
        unreachable,
      ),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Bill history of Meera Joshi' }, firstAppearance),
    );
    expect(await screen.findByText('No bill history found.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Bill history of Anil Deshpande' }));
    expect(await screen.findByText('Failed to fetch bill history', {}, firstAppearance)).toBeVisible();
  });

  it('says when there are no bills, and when they cannot be fetched', async () => {
    open({}, []);
    expect(await screen.findByText('No bills found.', {}, firstAppearance)).toBeVisible();
  });

  it('shows the fallback when the list fails', async () => {
    open({ 'GET /api/bill/get-bills': unreachable });
    expect(await screen.findByText('Failed to fetch bills', {}, { timeout: 15_000 })).toBeVisible();
  });

  it('asks for a location when the clinic has none', async () => {
    storeSignedInSession();
    fakeServer({
      ...fakeBills(),
      'GET /api/get-partner-details': answer({ data: { ...sushrutDental, locations: [] } }),
    });
    renderApp('/dashboard/bills');
    expect(await screen.findByText('Please select a location', {}, firstAppearance)).toBeVisible();
  });

  it('opens the editor for a new bill', async () => {
    const { router } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'New bill' }, firstAppearance));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/bill-editor'));
  });
});
