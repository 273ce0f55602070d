import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillSummary, Receipt } from '@vaidya/contract/bills';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { fakeBillDay, fakeBillSummary, fakeBills } from '../../testing/fake-bills';
import { uuid } from '../../testing/fake-masters';
import {
  answer,
  fakeServer,
  type Handler,
  kothrud,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { findToast } from '../../testing/toasts';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./bills-page'),
    import('./components/bill-history-dialog'),
    import('../../components/record-payment-dialog'),
  ]);
});

const mobile = '9822000001';
const older = fakeBillSummary(3, 'Anil Deshpande', {
  bill_number: 'SDC/2026-27/0003',
  customer_mobile: mobile,
  generated_date: '2026-10-02',
  final_amount: 800,
  amount_paid: 500,
  balance: 300,
});
const newer = fakeBillSummary(1, 'Anil Deshpande', {
  patient_id: older.patient_id,
  bill_number: 'SDC/2026-27/0009',
  customer_mobile: mobile,
  generated_date: fakeBillDay,
  final_amount: 1620.5,
  amount_paid: 1000,
  balance: 620.5,
});
const paidUp = fakeBillSummary(2, 'Meera Joshi', { customer_mobile: '9822000002' });

const receipt: Receipt = {
  id: uuid(1900),
  location_id: kothrud.id,
  customer_name: 'Anil Deshpande',
  customer_mobile: mobile,
  amount: 500,
  payment_mode: 'upi',
  note: null,
  paid_at: '2099-11-23T06:00:00.000Z',
  allocations: [
    {
      bill_id: older.id,
      bill_number: older.bill_number,
      generated_date: older.generated_date,
      amount: 300,
      doctor: null,
    },
    {
      bill_id: newer.id,
      bill_number: newer.bill_number,
      generated_date: newer.generated_date,
      amount: 200,
      doctor: null,
    },
  ],
  remaining_due: 420.5,
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

function open(routes: Record<string, Handler> = {}, dues: BillSummary[] = [older, newer]) {
  storeSignedInSession();
  localStorage.setItem(sessionKeys.selectedDay, fakeBillDay);
  const server = fakeServer({
    ...fakeBills({ bills: [newer, paidUp, older] }),
    'GET /api/bill/get-dues': answer({
      data: {
        totalDue: dues.reduce((all, bill) => all + bill.balance, 0),
        bills: dues.map((bill) => ({ patient_name: bill.customer_name, ...bill })),
      },
    }),
    'POST /api/bill/record-dues-payment': () =>
      Response.json(
        { data: receipt, message: 'Payment recorded; the receipt is ready to print' },
        { status: 201 },
      ),
    ...routes,
  });
  renderApp('/dashboard/bills');
  return server;
}

const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);

describe('Record payment on the bills screen', { timeout: 30_000 }, () => {
  it('is offered on rows with a balance only', async () => {
    open();
    expect(
      await screen.findByRole('button', { name: 'Record payment of Anil Deshpande' }, firstAppearance),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record payment of Meera Joshi' })).toBeNull();
  });

  it('shows the unpaid bills oldest first and the total due, prefills it, records it and offers the receipt', async () => {
    const server = open();
    const user = userEvent.setup();
    const [first] = await screen.findAllByRole(
      'button',
      { name: 'Record payment of Anil Deshpande' },
      firstAppearance,
    );
    await user.click(first as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment: Anil Deshpande' });
    expect(await within(dialog).findByText('Total due: ₹920.50')).toBeVisible();
    expect(within(dialog).getAllByRole('row').map(cellsOf)).toEqual([
      ['Bill No.', 'Date', 'Total Amount', 'Balance'],
      ['SDC/2026-27/0003', '02/10/2026', '₹800.00', '₹300.00'],
      ['SDC/2026-27/0009', '23/11/2099', '₹1,620.50', '₹620.50'],
    ]);
    expect(server.requests('GET /api/bill/get-dues')[0]?.url.searchParams.toString()).toBe(
      `locationId=${kothrud.id}&customerMobile=${mobile}`,
    );
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (₹)' });
    expect(amount).toHaveValue('920.5');

    await user.clear(amount);
    await user.type(amount, '920.51');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      within(dialog).getByText(
        'Amount cannot be more than the patient’s total due at this location (₹920.50)',
      ),
    ).toBeVisible();
    expect(server.requests('POST /api/bill/record-dues-payment')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('radio', { name: 'UPI' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), ' by his son ');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    const toast = await findToast('Payment recorded; the receipt is ready to print');
    expect(toast.kind).toBe('success');
    expect(server.requests('POST /api/bill/record-dues-payment')[0]?.body).toEqual({
      locationId: kothrud.id,
      customerMobile: mobile,
      patientId: older.patient_id,
      amount: 500,
      paymentMode: 'upi',
      note: 'by his son',
    });
    expect(
      await within(dialog).findByText('₹500.00 recorded. Still due: ₹420.50. The receipt is ready to print.'),
    ).toBeVisible();
    const print = within(dialog).getByRole('link', { name: 'Print receipt' });
    expect(print).toHaveAttribute('href', `/dashboard/receipt/${receipt.id}`);
    expect(print).toHaveAttribute('target', '_blank');
    // The list asks again: its balances have changed.
    await waitFor(() => expect(server.requests('GET /api/bill/get-bills').length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal', async () => {
    open({
      'POST /api/bill/record-dues-payment': answer(
        { message: 'This patient has nothing due at this location', code: 'BUSINESS_RULE' },
        422,
      ),
    });
    const user = userEvent.setup();
    const [first] = await screen.findAllByRole(
      'button',
      { name: 'Record payment of Anil Deshpande' },
      firstAppearance,
    );
    await user.click(first as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Total due: ₹920.50');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('This patient has nothing due at this location')).toBeVisible();
  });

  it('opens from the bill history while the patient owes something', async () => {
    open();
    const user = userEvent.setup();
    const [history] = await screen.findAllByRole(
      'button',
      { name: 'Bill history of Anil Deshpande' },
      firstAppearance,
    );
    await user.click(history as HTMLElement);
    const historyDialog = await screen.findByRole('dialog', { name: 'Bill History: Anil Deshpande' });
    await user.click(await within(historyDialog).findByRole('button', { name: 'Record payment' }));
    expect(await screen.findByRole('dialog', { name: 'Record payment: Anil Deshpande' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Bill History: Anil Deshpande' })).toBeNull();
  });

  it('is not offered in the history of a patient who owes nothing', async () => {
    open();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Bill history of Meera Joshi' }, firstAppearance),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Total Balance: ₹0.00')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Record payment' })).toBeNull();
  });
});

describe('Record payment for a family on one phone (issue 21)', { timeout: 30_000 }, () => {
  const familyMobile = '9822000005';
  const asha = fakeBillSummary(11, 'Asha Patil', {
    bill_number: 'SDC/2026-27/0011',
    customer_mobile: familyMobile,
    generated_date: '2026-10-01',
    final_amount: 700,
    amount_paid: 0,
    balance: 700,
  });
  const rohan = fakeBillSummary(12, 'Rohan Patil', {
    bill_number: 'SDC/2026-27/0012',
    customer_mobile: familyMobile,
    final_amount: 250,
    amount_paid: 50,
    balance: 200,
  });
  const ashaNewer = fakeBillSummary(13, 'Asha Patil', {
    patient_id: asha.patient_id,
    bill_number: 'SDC/2026-27/0013',
    customer_mobile: familyMobile,
    final_amount: 100,
    amount_paid: 0,
    balance: 100,
  });
  const grandfather = fakeBillSummary(14, 'Vasant Patil', { customer_mobile: familyMobile });

  function openFamily() {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedDay, fakeBillDay);
    const server = fakeServer({
      ...fakeBills({ bills: [ashaNewer, grandfather, rohan, asha] }),
      'GET /api/bill/get-dues': answer({
        data: {
          totalDue: 1000,
          bills: [asha, rohan, ashaNewer].map((bill) => ({ ...bill, patient_name: bill.customer_name })),
        },
      }),
      'POST /api/bill/record-dues-payment': () =>
        Response.json(
          {
            data: { ...receipt, customer_name: 'Asha Patil', amount: 800, remaining_due: 0 },
            message: 'Payment recorded; the receipt is ready to print',
          },
          { status: 201 },
        ),
    });
    renderApp('/dashboard/bills');
    return server;
  }

  it('groups the dues by patient, starts on the row’s patient, and records for the one picked', async () => {
    const server = openFamily();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Record payment of Rohan Patil' }, firstAppearance),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record payment: Rohan Patil' });
    const whose = await within(dialog).findByRole('radiogroup', { name: 'Whose bills is this payment for?' });
    expect(
      within(whose)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Asha Patil: ₹800.00 due on 2 bills', 'Rohan Patil: ₹200.00 due on 1 bill']);
    expect(within(whose).getByRole('radio', { name: 'Rohan Patil: ₹200.00 due on 1 bill' })).toBeChecked();
    expect(within(dialog).getAllByRole('row').map(cellsOf)).toEqual([
      ['Bill No.', 'Date', 'Total Amount', 'Balance'],
      ['SDC/2026-27/0012', '23/11/2099', '₹250.00', '₹200.00'],
    ]);
    expect(within(dialog).getByRole('textbox', { name: 'Amount (₹)' })).toHaveValue('200');

    await user.click(within(whose).getByRole('radio', { name: 'Asha Patil: ₹800.00 due on 2 bills' }));
    expect(await screen.findByRole('dialog', { name: 'Record payment: Asha Patil' })).toBe(dialog);
    expect(within(dialog).getAllByRole('row').map(cellsOf)).toEqual([
      ['Bill No.', 'Date', 'Total Amount', 'Balance'],
      ['SDC/2026-27/0011', '01/10/2026', '₹700.00', '₹700.00'],
      ['SDC/2026-27/0013', '23/11/2099', '₹100.00', '₹100.00'],
    ]);
    expect(within(dialog).getByText('Total due: ₹800.00')).toBeVisible();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (₹)' });
    expect(amount).toHaveValue('800');
    await user.clear(amount);
    await user.type(amount, '800.01');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      within(dialog).getByText(
        'Amount cannot be more than the patient’s total due at this location (₹800.00)',
      ),
    ).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '800');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect((await findToast('Payment recorded; the receipt is ready to print')).kind).toBe('success');
    expect(server.requests('POST /api/bill/record-dues-payment')[0]?.body).toEqual({
      locationId: kothrud.id,
      customerMobile: familyMobile,
      patientId: asha.patient_id,
      amount: 800,
      paymentMode: 'cash',
    });
  });

  it('the bill history names each bill’s patient; from a patient who owes nothing, the desk picks whose', async () => {
    openFamily();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Bill history of Vasant Patil' }, firstAppearance),
    );
    const history = await screen.findByRole('dialog', { name: `Bill History: everyone on ${familyMobile}` });
    expect(await within(history).findByText('Total Balance: ₹1,000.00')).toBeVisible();
    expect(
      within(history)
        .getAllByRole('row')
        .map((row) => cellsOf(row)[0]),
    ).toEqual(['Patient', 'Asha Patil', 'Vasant Patil', 'Rohan Patil', 'Asha Patil']);
    expect(within(history).getByRole('link', { name: 'Vasant Patil' })).toHaveAttribute(
      'href',
      `/dashboard/patients/${grandfather.patient_id}`,
    );
    await user.click(within(history).getByRole('button', { name: 'Record payment' }));

    const dialog = await screen.findByRole('dialog', { name: 'Record payment: Vasant Patil' });
    expect(
      await within(dialog).findByText(
        'More than one patient on this mobile owes. Choose whose bills this payment is for.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByRole('textbox', { name: 'Amount (₹)' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Record payment' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Rohan Patil: ₹200.00 due on 1 bill' }));
    expect(within(dialog).getByRole('textbox', { name: 'Amount (₹)' })).toHaveValue('200');
    expect(within(dialog).getByRole('button', { name: 'Record payment' })).toBeVisible();
    expect(
      within(dialog).queryByText(
        'More than one patient on this mobile owes. Choose whose bills this payment is for.',
      ),
    ).toBeNull();
  });
});
