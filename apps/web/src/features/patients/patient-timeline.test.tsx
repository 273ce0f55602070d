import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TimelineItem } from '@vaidya/contract/patients';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import { fakePatient, fakePatients, patientRoutes } from '../../testing/fake-patients';
import { answer, fakeServer, type Handler, inTurn, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { onAScreenOf } from '../../testing/screen-width';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([import('../../app/dashboard-layout'), import('./patient-page')]);
});

const asha = fakePatient(12, 'Asha Kulkarni');
const billId = uuid(4001);
const receiptId = uuid(4002);
const prescriptionId = uuid(4003);

/** One of each kind, newest first, as the server answers them. */
const booking: TimelineItem = {
  type: 'booking',
  id: uuid(4004),
  at: '2026-11-03T04:30:00.000Z',
  date: '2026-11-03',
  start_time: '10:00',
  token_number: 7,
  queue_name: 'Dr Rao — OPD',
  status: 'booked',
};
const message: TimelineItem = {
  type: 'message',
  id: uuid(4005),
  at: '2026-11-02T08:30:00.000Z',
  channel: 'whatsapp',
  template: 'bill',
  status: 'sent',
  reference_id: billId,
};
const receipt: TimelineItem = {
  type: 'payment',
  id: receiptId,
  at: '2026-11-02T07:30:00.000Z',
  amount: 100,
  mode: 'upi',
  bill: null,
  receipt_id: receiptId,
};
const bill: TimelineItem = {
  type: 'bill',
  id: billId,
  at: '2026-11-02T06:30:00.000Z',
  date: '2026-11-02',
  bill_number: 'INV-2026-27-0004',
  total: 1000,
  balance: 500,
};
const paidWithBill: TimelineItem = {
  type: 'payment',
  id: uuid(4006),
  at: '2026-11-02T06:30:00.000Z',
  amount: 400,
  mode: 'cash',
  bill: { id: billId, bill_number: 'INV-2026-27-0004' },
  receipt_id: null,
};
const prescription: TimelineItem = {
  type: 'prescription',
  id: prescriptionId,
  at: '2026-11-02T05:30:00.000Z',
  date: '2026-11-02',
  diagnoses: ['Irreversible pulpitis'],
  medicines: 2,
};
const sitting: TimelineItem = {
  type: 'sitting',
  id: uuid(4007),
  at: '2026-11-02T05:00:00.000Z',
  date: '2026-11-02',
  plan_id: uuid(4008),
  plan_title: 'Lower left molar',
  sitting: 1,
  note: 'Access opened, canals cleaned; next: obturation',
};
const everything = [booking, message, receipt, bill, paidWithBill, prescription, sitting];

const page = (results: TimelineItem[], nextBefore: string | null = null): Handler =>
  answer({ data: { results, next_before: nextBefore } });

function open(timeline: Handler = page(everything)) {
  storeSignedInSession();
  const server = fakeServer({ ...fakePatients([asha]), [patientRoutes.timeline]: timeline });
  renderApp(`/dashboard/patients/${asha.id}`);
  return server;
}

const history = () => screen.getByRole('tabpanel');
const lines = () => within(history()).getAllByRole('listitem');
const linkOf = (name: string | RegExp) => within(history()).getByRole('link', { name });

describe('A patient’s history on their page', () => {
  it('lists everything newest first, each line opening its document', async () => {
    open();
    expect(
      await screen.findByRole('tab', { name: 'Timeline', selected: true }, firstAppearance),
    ).toBeVisible();
    expect(await within(history()).findByText('Booking · Token 7 · Dr Rao — OPD')).toBeVisible();
    expect(lines().map((line) => line.textContent)).toEqual([
      'Booking · Token 7 · Dr Rao — OPD03/11/2026, 10:00 am · Booked',
      'WhatsApp message · bill02/11/2026, 2:00 pm · Sent',
      'Payment ₹100.00 · UPI02/11/2026, 1:00 pm · Receipt of a payment against dues',
      'Bill INV-2026-27-0004 · ₹1,000.0002/11/2026 · Balance ₹500.00',
      'Payment ₹400.00 · Cash02/11/2026, 12:00 pm · Against bill INV-2026-27-0004',
      'Prescription · Irreversible pulpitis02/11/2026 · 2 medicines',
      'Sitting 1 · Lower left molar02/11/2026 · Access opened, canals cleaned; next: obturation',
    ]);
    expect(linkOf(/^Booking/)).toHaveAttribute('href', '/dashboard/bookings');
    expect(linkOf(/^WhatsApp message/)).toHaveAttribute('href', `/bill-preview/${billId}`);
    expect(linkOf(/^Payment ₹100/)).toHaveAttribute('href', `/dashboard/receipt/${receiptId}`);
    expect(linkOf(/^Bill /)).toHaveAttribute('href', `/bill-preview/${billId}`);
    expect(linkOf(/^Payment ₹400/)).toHaveAttribute('href', `/bill-preview/${billId}`);
    expect(linkOf(/^Prescription/)).toHaveAttribute('href', `/prescription-preview/${prescriptionId}`);
    expect(linkOf(/^Sitting 1/)).toHaveAttribute('href', `/dashboard/patients/${asha.id}/dental`);
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('opens a treatment plan’s estimate from its WhatsApp message', async () => {
    const planId = uuid(4099);
    open(page([{ ...message, id: uuid(4098), template: 'estimate', reference_id: planId }]));
    expect(
      await screen.findByText('WhatsApp message · treatment estimate', {}, firstAppearance),
    ).toBeVisible();
    expect(linkOf(/^WhatsApp message/)).toHaveAttribute(
      'href',
      `/dashboard/patients/${asha.id}/plans/${planId}/estimate`,
    );
  });

  it('opens the bookings screen on the booking’s day', async () => {
    open();
    const user = userEvent.setup();
    await screen.findByText('Booking · Token 7 · Dr Rao — OPD', {}, firstAppearance);
    await user.click(linkOf(/^Booking/));
    expect(localStorage.getItem('selectedDay')).toBe('2026-11-03');
  });

  it('shows the prescriptions, the bills and payments, and the messages under their own tabs', async () => {
    const server = open();
    const user = userEvent.setup();
    await screen.findByText('Booking · Token 7 · Dr Rao — OPD', {}, firstAppearance);

    await user.click(screen.getByRole('tab', { name: 'Prescriptions' }));
    expect(lines().map((line) => line.textContent)).toEqual([
      'Prescription · Irreversible pulpitis02/11/2026 · 2 medicines',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Bills & payments' }));
    expect(lines()).toHaveLength(3);
    expect(within(history()).queryByText(/^Booking/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(lines().map((line) => line.textContent)).toEqual([
      'WhatsApp message · bill02/11/2026, 2:00 pm · Sent',
    ]);
    // The tabs read the one timeline the page fetched.
    expect(server.requests(patientRoutes.timeline)).toHaveLength(1);
  });

  it('shows older items on demand, asking for those before the last page’s end', async () => {
    const server = open(inTurn(page([booking, message], message.at), page([prescription])));
    const user = userEvent.setup();
    await screen.findByText('Booking · Token 7 · Dr Rao — OPD', {}, firstAppearance);
    expect(lines()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(history()).findByText('Prescription · Irreversible pulpitis')).toBeVisible();
    expect(lines()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
    const asked = server.requests(patientRoutes.timeline).map((request) => request.url.searchParams);
    expect(asked.map((query) => query.get('before'))).toEqual([null, message.at]);
    expect(asked.every((query) => query.get('patient_id') === asha.id)).toBe(true);
  });

  it('says what each tab holds when it is empty', async () => {
    open(page([prescription]));
    const user = userEvent.setup();
    await screen.findByText('Prescription · Irreversible pulpitis', {}, firstAppearance);
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(within(history()).getByText('No messages yet')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Bills & payments' }));
    expect(within(history()).getByText('No bills or payments yet')).toBeVisible();
  });

  it('says when the patient has no history yet', async () => {
    open(page([]));
    expect(
      await screen.findByText(
        'Nothing yet: the patient’s bookings, prescriptions, bills, payments and messages appear here.',
        {},
        firstAppearance,
      ),
    ).toBeVisible();
  });

  it('shows a spinner while the history loads', async () => {
    open(() => new Promise<Response>(() => {}));
    expect(
      await screen.findByRole('progressbar', { name: 'Loading the patient’s history' }, firstAppearance),
    ).toBeVisible();
  });

  it('says the history could not be fetched, and Retry asks again', async () => {
    const failure = answer({ message: 'Internal Server Error', code: 'INTERNAL' }, 500);
    const server = open(inTurn(failure, failure, page(everything)));
    const user = userEvent.setup();
    expect(
      await screen.findByText('Failed to fetch the patient’s history', {}, firstAppearance),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(history()).findByText('Booking · Token 7 · Dr Rao — OPD')).toBeVisible();
    expect(server.requests(patientRoutes.timeline)).toHaveLength(3);
  });

  it('keeps the items shown when older ones fail, and Retry asks for them again', async () => {
    const failure = answer({ message: 'Internal Server Error', code: 'INTERNAL' }, 500);
    open(inTurn(page([booking], booking.at), failure, failure, page([prescription])));
    const user = userEvent.setup();
    await screen.findByText('Booking · Token 7 · Dr Rao — OPD', {}, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('Failed to fetch the patient’s history')).toBeVisible();
    expect(within(history()).getByText('Booking · Token 7 · Dr Rao — OPD')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(history()).findByText('Prescription · Irreversible pulpitis')).toBeVisible();
  });

  it('reads top to bottom on a 360 px phone: the record, then the tabs, then the history', async () => {
    onAScreenOf(360);
    open();
    const details = await screen.findByRole('heading', { level: 2, name: 'Details' }, firstAppearance);
    const tabs = screen.getByRole('tablist', { name: 'The patient’s history' });
    const first = await within(history()).findByText('Booking · Token 7 · Dr Rao — OPD');
    expect(details.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tabs.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
