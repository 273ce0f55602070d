import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Receipt } from '@vaidya/contract/bills';
import { documentPageTexts } from '@vaidya/contract/prescription-screens';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browserInTimeZone } from '../../testing/browser-time-zone';
import { uuid } from '../../testing/fake-masters';
import { answer, fakeServer, kothrud, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([import('../../app/app-shell'), import('./receipt-page')]);
});

const receipt: Receipt = {
  id: uuid(1900),
  location_id: kothrud.id,
  customer_name: 'Anil Deshpande',
  customer_mobile: '9822000001',
  amount: 1350.5,
  payment_mode: 'upi',
  note: 'Paid by his son',
  paid_at: '2026-11-25T06:00:00.000Z',
  allocations: [
    {
      bill_id: uuid(1001),
      bill_number: 'SDC/2026-27/0003',
      generated_date: '2026-10-02',
      amount: 600,
      doctor: { name: 'Dr Sushrut Kulkarni', registration_number: 'A-12345' },
    },
    {
      bill_id: uuid(1002),
      bill_number: 'SDC/2026-27/0007',
      generated_date: '2026-10-20',
      amount: 500,
      doctor: null,
    },
    {
      bill_id: uuid(1003),
      bill_number: 'SDC/2026-27/0011',
      generated_date: '2026-11-05',
      amount: 250.5,
      doctor: null,
    },
  ],
  remaining_due: 449.5,
  location: {
    location_name: kothrud.location_name,
    address: kothrud.address,
    contact_no: kothrud.contact_no,
  },
  partner: {
    name: sushrutDental.name,
    speciality: 'DENTIST',
    consultation_form_header_url: null,
    time_zone: sushrutDental.time_zone,
  },
};
const route = 'GET /api/bill/get-receipt';
const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);

describe('the receipt of a payment against dues', { timeout: 30_000 }, () => {
  it('prints the clinic, the patient, what was paid against which bills, in figures and words, and what is still due', async () => {
    storeSignedInSession();
    const server = fakeServer({ [route]: answer({ data: receipt }) });
    renderApp(`/dashboard/receipt/${receipt.id}`);
    const sheet = within(await screen.findByRole('article', { name: 'Receipt' }, firstAppearance));

    expect(sheet.getByRole('heading', { level: 1, name: sushrutDental.name })).toBeVisible();
    const patient = within(sheet.getByRole('region', { name: 'Patient' }));
    for (const line of [
      'Anil Deshpande',
      'Mobile: 9822000001',
      'Payment Receipt',
      'Date: 25/11/2026',
      'Mode: UPI',
    ]) {
      expect(patient.getByText(line)).toBeVisible();
    }
    expect(
      within(sheet.getByRole('region', { name: 'Paid against' }))
        .getAllByRole('row')
        .map(cellsOf),
    ).toEqual([
      ['Bill No.', 'Bill Date', 'Doctor', 'Amount'],
      ['SDC/2026-27/0003', '02/10/2026', 'Dr Sushrut Kulkarni (Reg. No. A-12345)', '₹600.00'],
      ['SDC/2026-27/0007', '20/10/2026', '-', '₹500.00'],
      ['SDC/2026-27/0011', '05/11/2026', '-', '₹250.50'],
    ]);
    expect(
      within(sheet.getByRole('region', { name: 'Totals' }))
        .getAllByRole('row')
        .map(cellsOf),
    ).toEqual([
      ['Amount received', '₹1,350.50'],
      ['Still due', '₹449.50'],
    ]);
    expect(
      sheet.getByText('Amount in words: Rupees One Thousand Three Hundred Fifty and Fifty Paise Only'),
    ).toBeVisible();
    expect(sheet.getByText('Note: Paid by his son')).toBeVisible();
    expect(server.requests(route)[0]?.url.searchParams.get('receiptId')).toBe(receipt.id);
    expect(server.requests(route)[0]?.headers.get('Authorization')).not.toBeNull();

    const print = vi.fn();
    vi.stubGlobal('print', print);
    await userEvent.click(screen.getByRole('button', { name: documentPageTexts.print }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says there is no receipt for an id the clinic does not have', async () => {
    storeSignedInSession();
    fakeServer({ [route]: answer({ message: 'Receipt not found', code: 'NOT_FOUND' }, 404) });
    renderApp(`/dashboard/receipt/${uuid(1999)}`);
    expect(await screen.findByText('No receipt found', {}, firstAppearance)).toBeVisible();
  });

  it('sends a visitor who is not signed in to sign in', async () => {
    const server = fakeServer({ [route]: answer({ data: receipt }) });
    const router = renderApp(`/dashboard/receipt/${receipt.id}`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/signin'), firstAppearance);
    expect(server.requests(route)).toHaveLength(0);
  });
});

describe('the receipt read on a laptop in another time zone', { timeout: 30_000 }, () => {
  browserInTimeZone('Asia/Kolkata');

  it('dates the payment where the clinic is, not where the browser is', async () => {
    // 03:00 UTC on the 26th is 08:30 on the 26th in Kolkata and still 22:00 on the 25th in New York.
    storeSignedInSession();
    fakeServer({
      [route]: answer({
        data: {
          ...receipt,
          paid_at: '2026-11-26T03:00:00.000Z',
          partner: { ...receipt.partner, time_zone: 'America/New_York' },
        },
      }),
    });
    renderApp(`/dashboard/receipt/${receipt.id}`);
    const sheet = within(await screen.findByRole('article', { name: 'Receipt' }, firstAppearance));
    expect(
      within(sheet.getByRole('region', { name: 'Patient' })).getByText('Date: 25/11/2026'),
    ).toBeVisible();
  });
});
