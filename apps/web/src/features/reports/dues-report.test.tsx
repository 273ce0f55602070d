import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DueRow, type DuesAgeing, reportEndpoints, reportMessages } from '@vaidya/contract/reports';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import { answer, inTurn, kothrud } from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { findToast } from '../../testing/toasts';
import { downloadedCsv, firstAppearance, lastQuery, openReports, tableTexts } from './reports-testing';

const duesRoute = `GET /api${reportEndpoints.duesAgeing.path}`;
const reminderRoute = `POST /api${reportEndpoints.sendDuesReminder.path}`;

beforeAll(async () => {
  // The chart's code comes after the figures, as in the browser: loaded here so no test waits to compile it.
  await Promise.all([loadRoutes('/dashboard/reports/dues'), import('./components/chart-canvas')]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function due(n: number, overrides: Partial<DueRow> = {}): DueRow {
  return {
    patient_id: uuid(7000 + n),
    patient_name: `Patient ${n}`,
    mobile: `98220000${String(n).padStart(2, '0')}`,
    location_id: kothrud.id,
    location_name: kothrud.location_name,
    days_0_30: 0,
    days_31_60: 0,
    days_61_90: 0,
    days_91_plus: 0,
    total: 0,
    oldest_bill_date: '2026-10-01',
    last_payment_at: null,
    last_payment_amount: null,
    last_reminder_at: null,
    ...overrides,
  };
}

const asha = due(1, {
  patient_name: '=HYPERLINK("http://x","Asha")',
  days_0_30: 1200,
  days_91_plus: 1_00_000.5,
  total: 1_01_200.5,
  // 10:40 am in Pune.
  last_payment_at: '2026-11-23T05:10:00.000Z',
  last_payment_amount: 500,
});
const ravi = due(2, { patient_name: 'Ravi Kumar', days_31_60: 300, total: 300 });

const duesOf = (results: DueRow[], overrides: Partial<DuesAgeing> = {}): DuesAgeing => ({
  results,
  pagination: { total: 12, page: 1, limit: 10 },
  totals: {
    days_0_30: 1200,
    days_31_60: 300,
    days_61_90: 0,
    days_91_plus: 1_00_000.5,
    total: 1_01_500.5,
    patients: 12,
  },
  ...overrides,
});

const outboxAnswer = answer(
  {
    data: {
      id: uuid(9100),
      recipient: '+919822000001',
      status: 'recorded',
      error: null,
      body: 'dues_reminder',
      created_at: '2026-11-26T06:00:00.000Z',
    },
  },
  201,
);

describe('the dues report', () => {
  it('lists who owes by age of their bills, in lakh, and downloads exactly that table, formulas defused', async () => {
    const user = userEvent.setup();
    const server = openReports('/dashboard/reports/dues', {
      [duesRoute]: answer({ data: duesOf([asha, ravi]) }),
    });
    const table = await screen.findByRole('table', {}, firstAppearance);
    await within(table).findByRole('link', { name: asha.patient_name });
    expect(lastQuery(server, duesRoute)).toEqual({ location_id: kothrud.id, page: '1', limit: '10' });
    expect(screen.getByRole('heading', { name: '₹1,01,500.50 owed by 12 patients' })).toBeInTheDocument();
    expect(tableTexts(table)).toEqual([
      [
        'Patient',
        'Mobile',
        '0–30 days',
        '31–60 days',
        '61–90 days',
        '91+ days',
        'Total due',
        'Last payment',
        'Last reminder',
        'Send reminder',
      ],
      [
        asha.patient_name,
        '9822000001',
        '₹1,200.00',
        '₹0.00',
        '₹0.00',
        '₹1,00,000.50',
        '₹1,01,200.50',
        '₹500.00 on 23/11/2026',
        '—',
        'Remind',
      ],
      ['Ravi Kumar', '9822000002', '₹0.00', '₹300.00', '₹0.00', '₹0.00', '₹300.00', '—', '—', 'Remind'],
      ['Total', '', '₹1,200.00', '₹300.00', '₹0.00', '₹1,00,000.50', '₹1,01,500.50', '', '', ''],
    ]);
    expect(
      await screen.findByRole('img', {
        name: /^Money owed by the age of the bills\. ₹1,01,500\.50 owed by 12 patients\./,
      }),
    ).toBeInTheDocument();

    const csv = await downloadedCsv(user, /owed by 12 patients/);
    expect(csv.name).toBe('dues-page-1.csv');
    expect(csv.lines).toEqual([
      'Patient,Mobile,0–30 days,31–60 days,61–90 days,91+ days,Total due,Last payment,Last reminder',
      `"'=HYPERLINK(""http://x"",""Asha"")",9822000001,"₹1,200.00",₹0.00,₹0.00,"₹1,00,000.50","₹1,01,200.50",₹500.00 on 23/11/2026,—`,
      'Ravi Kumar,9822000002,₹0.00,₹300.00,₹0.00,₹0.00,₹300.00,—,—',
      'Total,,"₹1,200.00",₹300.00,₹0.00,"₹1,00,000.50","₹1,01,500.50",,',
    ]);
  });

  it('finds patients by name or mobile and pages on', async () => {
    const user = userEvent.setup();
    const server = openReports('/dashboard/reports/dues', {
      [duesRoute]: answer({ data: duesOf([asha, ravi]) }),
    });
    await screen.findByText('Ravi Kumar', {}, firstAppearance);

    await user.type(screen.getByRole('searchbox', { name: 'Patient name or mobile' }), 'ravi');
    await vi.waitFor(() =>
      expect(lastQuery(server, duesRoute)).toEqual({
        location_id: kothrud.id,
        query: 'ravi',
        page: '1',
        limit: '10',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await vi.waitFor(() =>
      expect(lastQuery(server, duesRoute)).toEqual({
        location_id: kothrud.id,
        query: 'ravi',
        page: '2',
        limit: '10',
      }),
    );
  });

  it('covers every location the person works at when asked, naming each row’s', async () => {
    const user = userEvent.setup();
    const server = openReports('/dashboard/reports/dues?location=all', {
      [duesRoute]: answer({ data: duesOf([asha, ravi]) }),
    });
    const table = await screen.findByRole('table', {}, firstAppearance);
    await within(table).findByRole('link', { name: 'Ravi Kumar' });
    expect(lastQuery(server, duesRoute)).toEqual({ page: '1', limit: '10' });
    expect(tableTexts(table)[2]?.slice(0, 3)).toEqual(['Ravi Kumar', '9822000002', 'Kothrud']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Kothrud');
    await vi.waitFor(() =>
      expect(lastQuery(server, duesRoute)).toEqual({ location_id: kothrud.id, page: '1', limit: '10' }),
    );
  });

  it('sends a reminder and shows it as the patient’s last; a second one that day is refused in the server’s words', async () => {
    const user = userEvent.setup();
    const reminded = due(2, { ...ravi, last_reminder_at: '2026-11-26T06:00:00.000Z' });
    const server = openReports('/dashboard/reports/dues', {
      [duesRoute]: inTurn(answer({ data: duesOf([ravi]) }), answer({ data: duesOf([reminded]) })),
      [reminderRoute]: inTurn(
        outboxAnswer,
        answer({ code: 'RATE_LIMITED', message: reportMessages.reminderSentToday }, 429),
      ),
    });
    await screen.findByText('Ravi Kumar', {}, firstAppearance);

    await user.click(screen.getByRole('button', { name: 'Remind Ravi Kumar' }));
    expect((await findToast('Reminder sent to Ravi Kumar on WhatsApp')).kind).toBe('success');
    expect(server.requests(reminderRoute)[0]?.body).toEqual({
      patientId: ravi.patient_id,
      locationId: kothrud.id,
    });
    expect(await screen.findByText('26/11/2026, 11:30 am')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remind Ravi Kumar' }));
    expect(await screen.findByText(reportMessages.reminderSentToday)).toBeInTheDocument();
  });

  it('shows why a reminder was refused when the patient owes nothing any more', async () => {
    const user = userEvent.setup();
    openReports('/dashboard/reports/dues', {
      [duesRoute]: answer({ data: duesOf([ravi]) }),
      [reminderRoute]: answer({ code: 'CONFLICT', message: reportMessages.noDues }, 409),
    });
    await screen.findByText('Ravi Kumar', {}, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Remind Ravi Kumar' }));
    expect(await screen.findByText(reportMessages.noDues)).toBeInTheDocument();
  });

  it('says when nobody owes anything', async () => {
    openReports('/dashboard/reports/dues', {
      [duesRoute]: answer({
        data: duesOf([], {
          pagination: { total: 0, page: 1, limit: 10 },
          totals: { days_0_30: 0, days_31_60: 0, days_61_90: 0, days_91_plus: 0, total: 0, patients: 0 },
        }),
      }),
    });
    expect(
      await screen.findByText('Nobody owes the clinic anything here.', {}, firstAppearance),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
