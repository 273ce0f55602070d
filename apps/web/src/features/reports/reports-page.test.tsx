import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, localToday } from '@vaidya/contract/calendar-dates';
import {
  type Collections,
  reportEndpoints,
  type TreatmentsReport,
  type Visits,
} from '@vaidya/contract/reports';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, kothrud, sushrutDental } from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { downloadedCsv, firstAppearance, lastQuery, openReports, tableTexts } from './reports-testing';

const collectionsRoute = `GET /api${reportEndpoints.collections.path}`;
const visitsRoute = `GET /api${reportEndpoints.visits.path}`;
const treatmentsRoute = `GET /api${reportEndpoints.treatments.path}`;
const november = 'from=2026-11-01&to=2026-11-03';

beforeAll(async () => {
  // The chart's code comes after the figures, as in the browser: loaded here so no test waits to compile it.
  await Promise.all([
    loadRoutes(
      '/dashboard/reports/collections',
      '/dashboard/reports/visits',
      '/dashboard/reports/treatments',
    ),
    import('./components/chart-canvas'),
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const modes = (cash: number, upi: number, card: number) => [
  { key: 'cash', label: 'Cash', billed: null, received: cash },
  { key: 'upi', label: 'UPI', billed: null, received: upi },
  { key: 'card', label: 'Card', billed: null, received: card },
];

const collectionsByMode: Collections = {
  from: '2026-11-01',
  to: '2026-11-03',
  period: 'day',
  by: 'mode',
  rows: [
    { period_start: '2026-11-01', billed: 1500, received: 1200, groups: modes(700, 500, 0) },
    { period_start: '2026-11-02', billed: 0, received: 0, groups: modes(0, 0, 0) },
    { period_start: '2026-11-03', billed: 12_345_678.5, received: 250.75, groups: modes(250.75, 0, 0) },
  ],
  totals: { billed: 12_347_178.5, received: 1450.75, groups: modes(950.75, 500, 0) },
};

describe('the reports page', () => {
  it('is offered to owners and doctors in the navigation, and opens on collections', async () => {
    const server = openReports(`/dashboard/reports?${november}`, {
      [collectionsRoute]: answer({ data: collectionsByMode }),
    });
    await screen.findByText('₹1,23,45,678.50', {}, firstAppearance);
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/dashboard/reports');
    const views = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(views).getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'page');
    expect(within(views).getByRole('link', { name: 'Dues' })).toHaveAttribute(
      'href',
      `/dashboard/reports/dues?${november}`,
    );
    expect(lastQuery(server, collectionsRoute)).toEqual({
      from: '2026-11-01',
      to: '2026-11-03',
      location_id: kothrud.id,
      period: 'day',
    });
  });

  it('tells a front desk member who types its address that it is not for their role', async () => {
    const server = openReports('/dashboard/reports/collections', {}, 'front_desk');
    expect(await screen.findByText('Not for your role', {}, firstAppearance)).toBeInTheDocument();
    expect(screen.getByText('Only the clinic owner or a doctor may see reports.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(server.requests(collectionsRoute)).toHaveLength(0);
  });
});

describe('the collections report', () => {
  it('shows the figures the API answered, in lakh and crore, and downloads exactly that table', async () => {
    const user = userEvent.setup();
    openReports(`/dashboard/reports/collections?${november}&by=mode`, {
      [collectionsRoute]: answer({ data: collectionsByMode }),
    });
    const table = await screen.findByRole('table', {}, firstAppearance);
    await within(table).findByRole('cell', { name: '₹1,23,45,678.50' });
    expect(tableTexts(table)).toEqual([
      ['Period', 'Bills made', 'Money received', 'Cash: received', 'UPI: received', 'Card: received'],
      ['01/11/2026', '₹1,500.00', '₹1,200.00', '₹700.00', '₹500.00', '₹0.00'],
      ['02/11/2026', '₹0.00', '₹0.00', '₹0.00', '₹0.00', '₹0.00'],
      ['03/11/2026', '₹1,23,45,678.50', '₹250.75', '₹250.75', '₹0.00', '₹0.00'],
      ['Total', '₹1,23,47,178.50', '₹1,450.75', '₹950.75', '₹500.00', '₹0.00'],
    ]);
    expect(
      await screen.findByRole('img', {
        name: /^Money received per period by payment mode\. In all, ₹1,23,47,178\.50 billed and ₹1,450\.75 received\./,
      }),
    ).toBeInTheDocument();

    const csv = await downloadedCsv(user, /Bills made and money received/);
    expect(csv.name).toBe('collections-2026-11-01-to-2026-11-03.csv');
    expect(csv.lines).toEqual([
      'Period,Bills made,Money received,Cash: received,UPI: received,Card: received',
      '01/11/2026,"₹1,500.00","₹1,200.00",₹700.00,₹500.00,₹0.00',
      '02/11/2026,₹0.00,₹0.00,₹0.00,₹0.00,₹0.00',
      '03/11/2026,"₹1,23,45,678.50",₹250.75,₹250.75,₹0.00,₹0.00',
      'Total,"₹1,23,47,178.50","₹1,450.75",₹950.75,₹500.00,₹0.00',
    ]);
  });

  it('asks per week, split by doctor, for every location, and names each week by its Monday', async () => {
    const user = userEvent.setup();
    const doctors = (billed: number, received: number) => [
      { key: 'u1', label: '=HYPERLINK("x")', billed, received },
      { key: 'none', label: 'No doctor', billed: 0, received: 0 },
    ];
    const weekly: Collections = {
      from: '2026-11-01',
      to: '2026-11-03',
      period: 'week',
      by: 'doctor',
      rows: [
        { period_start: '2026-10-26', billed: 100, received: 50, groups: doctors(100, 50) },
        { period_start: '2026-11-02', billed: 0, received: 0, groups: [] },
      ],
      totals: { billed: 100, received: 50, groups: doctors(100, 50) },
    };
    const server = openReports(`/dashboard/reports/collections?${november}`, {
      [collectionsRoute]: (request) =>
        answer({ data: request.url.searchParams.get('by') === 'doctor' ? weekly : collectionsByMode })(
          request,
        ),
    });
    await screen.findByRole('table', {}, firstAppearance);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Per' }), 'Week');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Split by' }), 'Doctor');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'All my locations');

    await vi.waitFor(() =>
      expect(lastQuery(server, collectionsRoute)).toEqual({
        from: '2026-11-01',
        to: '2026-11-03',
        period: 'week',
        by: 'doctor',
      }),
    );
    const table = screen.getByRole('table');
    await within(table).findByRole('rowheader', { name: 'Week of 26/10/2026' });
    expect(tableTexts(table)[0]).toEqual([
      'Period',
      'Bills made',
      'Money received',
      '=HYPERLINK("x"): bills made',
      '=HYPERLINK("x"): received',
      'No doctor: bills made',
      'No doctor: received',
    ]);
    expect(tableTexts(table)[2]).toEqual(['Week of 02/11/2026', ...Array(6).fill('₹0.00')]);

    const csv = await downloadedCsv(user, /Bills made and money received/);
    expect(csv.lines[0]).toBe(
      'Period,Bills made,Money received,"\'=HYPERLINK(""x""): bills made","\'=HYPERLINK(""x""): received",No doctor: bills made,No doctor: received',
    );
  });

  it('opens on this month in the clinic’s calendar, and asks for last month at a click', async () => {
    const user = userEvent.setup();
    const today = localToday(sushrutDental.time_zone, new Date()).date;
    const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
    const server = openReports('/dashboard/reports/collections', {
      [collectionsRoute]: answer({ data: collectionsByMode }),
    });
    await screen.findByText('₹1,23,45,678.50', {}, firstAppearance);
    expect(lastQuery(server, collectionsRoute)).toMatchObject({ from: `${today.slice(0, 7)}-01`, to: today });
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Last month' }));

    await vi.waitFor(() =>
      expect(lastQuery(server, collectionsRoute)).toMatchObject({
        from: `${lastMonthEnd.slice(0, 7)}-01`,
        to: lastMonthEnd,
      }),
    );
    expect(screen.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks nothing while From is after To, and says so', async () => {
    const user = userEvent.setup();
    const server = openReports(`/dashboard/reports/collections?${november}`, {
      [collectionsRoute]: answer({ data: collectionsByMode }),
    });
    await screen.findByText('₹1,23,45,678.50', {}, firstAppearance);
    const asked = server.requests(collectionsRoute).length;

    const from = screen.getByRole('textbox', { name: 'From' });
    await user.clear(from);
    await user.type(from, '05112026');

    expect(await screen.findByText('From date cannot be after To date')).toBeInTheDocument();
    expect(server.requests(collectionsRoute)).toHaveLength(asked);
  });

  it('says when the report could not be loaded, and asks again on Retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    openReports(`/dashboard/reports/collections?${november}`, {
      [collectionsRoute]: (request) => {
        calls += 1;
        // The first failure is asked again once (a server error may pass); the second is shown.
        return calls <= 2
          ? answer({ code: 'INTERNAL', message: 'Internal server error' }, 500)(request)
          : answer({ data: collectionsByMode })(request);
      },
    });
    expect(
      await screen.findByText('The report could not be loaded.', {}, firstAppearance),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('₹1,23,45,678.50')).toBeInTheDocument();
  });
});

const visits: Visits = {
  from: '2026-11-02',
  to: '2026-11-03',
  days: [
    {
      date: '2026-11-02',
      visits: 3,
      new_patients: 1,
      returning_patients: 2,
      online: 2,
      desk: 2,
      no_shows: 1,
      cancelled: 0,
    },
    {
      date: '2026-11-03',
      visits: 1,
      new_patients: 1,
      returning_patients: 0,
      online: 0,
      desk: 1,
      no_shows: 0,
      cancelled: 1,
    },
  ],
  totals: {
    visits: 4,
    new_patients: 2,
    returning_patients: 2,
    online: 2,
    desk: 3,
    no_shows: 1,
    cancelled: 1,
    no_show_rate: 0.2,
  },
  wait: { count: 4, average_minutes: 12.5, p90_minutes: 20 },
  consultation: { count: 0, average_minutes: null, p90_minutes: null },
  busiest_hours: [
    { weekday: 0, hour: 10, visits: 3 },
    { weekday: 1, hour: 11, visits: 1 },
  ],
};

describe('the patients and visits report', () => {
  it('shows the range’s figures, the days’ table, the busiest hours, and downloads the table', async () => {
    const user = userEvent.setup();
    const server = openReports('/dashboard/reports/visits?from=2026-11-02&to=2026-11-03', {
      [visitsRoute]: answer({ data: visits }),
    });
    const table = await screen.findByRole('table', { name: 'Visits per day' }, firstAppearance);
    await within(table).findByRole('rowheader', { name: '02/11/2026' });
    expect(lastQuery(server, visitsRoute)).toEqual({
      from: '2026-11-02',
      to: '2026-11-03',
      location_id: kothrud.id,
    });
    expect(tableTexts(table)).toEqual([
      [
        'Date',
        'Visits',
        'New patients',
        'Returning',
        'Booked online',
        'Booked at the desk',
        'No-shows',
        'Cancelled',
      ],
      ['02/11/2026', '3', '1', '2', '2', '2', '1', '0'],
      ['03/11/2026', '1', '1', '0', '0', '1', '0', '1'],
      ['Total', '4', '2', '2', '2', '3', '1', '1'],
    ]);
    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('No-show rate')).toBe('20%');
    expect(figure('Wait (arrived → called)')).toBe('12.5 min');
    expect(screen.getByText('on average; 90% within 20 min')).toBeInTheDocument();
    expect(figure('Consultation (called → done)')).toBe('Not recorded yet');
    expect(screen.getByRole('cell', { name: 'Mon 10 am: 3 visits' })).toHaveTextContent('3');
    expect(screen.getByRole('cell', { name: 'Tue 11 am: 1 visit' })).toHaveTextContent('1');
    expect(screen.getByText('Busiest: Mon 10 am with 3 visits.')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Visits per day\. 4 visits in all, 2 of them new patients\./ }),
    ).toBeInTheDocument();

    const csv = await downloadedCsv(user, 'Visits per day');
    expect(csv.name).toBe('visits-2026-11-02-to-2026-11-03.csv');
    expect(csv.lines).toEqual([
      'Date,Visits,New patients,Returning,Booked online,Booked at the desk,No-shows,Cancelled',
      '02/11/2026,3,1,2,2,2,1,0',
      '03/11/2026,1,1,0,0,1,0,1',
      'Total,4,2,2,2,3,1,1',
    ]);
  });
});

const treatments: TreatmentsReport = {
  from: '2026-11-01',
  to: '2026-11-03',
  treatments: [
    { name: 'Root canal', quantity: 3, bills: 2, revenue: 150_000 },
    { name: '=SUM(A1:A9)', quantity: 1, bills: 1, revenue: 499.5 },
  ],
  medicines: [{ name: 'Amoxicillin 500 mg', prescriptions: 7 }],
};

describe('the treatments and medicines report', () => {
  it('lists the most billed treatments and most prescribed medicines, each downloadable, formulas defused', async () => {
    const user = userEvent.setup();
    openReports(`/dashboard/reports/treatments?${november}`, {
      [treatmentsRoute]: answer({ data: treatments }),
    });
    const treatmentsTable = await screen.findByRole(
      'table',
      { name: 'Most billed treatments' },
      firstAppearance,
    );
    await within(treatmentsTable).findByRole('rowheader', { name: 'Root canal' });
    expect(tableTexts(treatmentsTable)).toEqual([
      ['Treatment', 'Quantity', 'Bills', 'Revenue'],
      ['Root canal', '3', '2', '₹1,50,000.00'],
      ['=SUM(A1:A9)', '1', '1', '₹499.50'],
    ]);
    expect(tableTexts(screen.getByRole('table', { name: 'Most prescribed medicines' }))).toEqual([
      ['Medicine', 'Prescriptions'],
      ['Amoxicillin 500 mg', '7'],
    ]);

    const csv = await downloadedCsv(user, 'Most billed treatments');
    expect(csv.name).toBe('treatments-2026-11-01-to-2026-11-03.csv');
    expect(csv.lines).toEqual([
      'Treatment,Quantity,Bills,Revenue',
      'Root canal,3,2,"₹1,50,000.00"',
      "'=SUM(A1:A9),1,1,₹499.50",
    ]);
  });

  it('says when nothing was billed or prescribed, with nothing to download', async () => {
    openReports(`/dashboard/reports/treatments?${november}`, {
      [treatmentsRoute]: answer({ data: { ...treatments, treatments: [], medicines: [] } }),
    });
    expect(
      await screen.findByText('No treatments were billed in this range.', {}, firstAppearance),
    ).toBeInTheDocument();
    expect(screen.getByText('No medicines were prescribed in this range.')).toBeInTheDocument();
    for (const name of ['Most billed treatments', 'Most prescribed medicines']) {
      const region = screen.getByRole('region', { name });
      expect(within(region).getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    }
  });
});
