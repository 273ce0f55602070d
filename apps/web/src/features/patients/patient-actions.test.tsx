import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillSummary, Receipt } from '@vaidya/contract/bills';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { fakeBillSummary, fakeBills } from '../../testing/fake-bills';
import { fakeBookings, freeSlot, opdQueue } from '../../testing/fake-bookings';
import { fakeConsultation } from '../../testing/fake-consultation';
import { uuid } from '../../testing/fake-masters';
import { fakePatient, fakePatients, patientRoutes } from '../../testing/fake-patients';
import {
  fakeServer,
  type Handler,
  kothrud,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';
import { onAScreenOf } from '../../testing/screen-width';
import { findToast } from '../../testing/toasts';

const firstAppearance = { timeout: 10_000 };
const day = '2026-11-23';

const meera = fakePatient(7, 'Meera Joshi', {
  mobile: '9822054321',
  gender: 'female',
  age: 61,
  balance: 300,
});

beforeAll(async () => {
  await Promise.all([
    loadRoutes(
      `/dashboard/patients/${meera.id}`,
      '/dashboard/bookings',
      '/dashboard/consultation',
      '/dashboard/bill-editor',
    ),
    import('../../components/record-payment-dialog'),
  ]);
});

const unpaid: BillSummary = fakeBillSummary(3, 'Meera Joshi', {
  bill_number: 'SDC/2026-27/0003',
  customer_mobile: meera.mobile,
  generated_date: '2026-10-02',
  final_amount: 800,
  amount_paid: 500,
  balance: 300,
});

const receipt: Receipt = {
  id: uuid(1950),
  location_id: kothrud.id,
  customer_name: meera.name,
  customer_mobile: meera.mobile,
  amount: 300,
  payment_mode: 'cash',
  note: null,
  paid_at: '2099-11-23T06:00:00.000Z',
  allocations: [
    {
      bill_id: unpaid.id,
      bill_number: unpaid.bill_number,
      generated_date: unpaid.generated_date,
      amount: 300,
      doctor: null,
    },
  ],
  remaining_due: 0,
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

function open(patient = meera, routes: Record<string, Handler> = {}) {
  storeSignedInSession();
  localStorage.setItem(sessionKeys.selectedDay, day);
  const server = fakeServer({
    ...fakeBookings({ free: [freeSlot('10:15')] }),
    ...fakeConsultation(),
    ...fakeBills({ bills: [unpaid] }),
    ...fakePatients([patient]),
    ...routes,
  });
  const router = renderApp(`/dashboard/patients/${patient.id}`);
  return { server, router };
}

const actions = async () =>
  within(await screen.findByRole('group', { name: 'Actions for this patient' }, firstAppearance));

describe('The patient page’s actions', { timeout: 30_000 }, () => {
  it('New prescription opens the consultation editor for a walk-in with the patient filled in', async () => {
    const { router } = open();
    await userEvent.click((await actions()).getByRole('link', { name: 'New prescription' }));

    expect(await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance)).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/consultation');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('textbox', { name: /Patient name/ })).toHaveValue('Meera Joshi');
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('9822054321');
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveValue('61');
  });

  it('New bill opens the bill editor for a new bill with the patient filled in', async () => {
    const { router } = open();
    await userEvent.click((await actions()).getByRole('link', { name: 'New bill' }));

    expect(await screen.findByRole('heading', { name: 'New bill' }, firstAppearance)).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/bill-editor');
    expect(screen.getByRole('textbox', { name: /Patient name/ })).toHaveValue('Meera Joshi');
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('9822054321');
  });

  it('Book appointment opens the bookings screen’s walk-in dialog filled with the patient, once', async () => {
    const { server, router } = open();
    await userEvent.click((await actions()).getByRole('link', { name: 'Book appointment' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add walk-in' }, firstAppearance);
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    // Read once: the history entry no longer holds the patient, so a reload opens no dialog.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(within(dialog).getByLabelText(/Mobile number/)).toHaveValue('9822054321');
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Meera Joshi');
    expect(within(dialog).getByLabelText('Age')).toHaveValue('61');
    expect(await within(dialog).findByLabelText('Next free (10:15 am–10:30 am)')).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('Token 1 booked at 10:15 am')).toBeVisible();
    expect(server.requests('POST /api/book-slot')[0]?.body).toEqual({
      queueId: opdQueue.id,
      date: day,
      startTime: '10:15',
      customerName: 'Meera Joshi',
      customerMobile: '9822054321',
      customerAge: 61,
      customerGender: 'female',
      // The registry's patient whose page it was: the booking is hers, whoever else is on the phone.
      patientId: meera.id,
    });
  });

  it('Record payment records against the dues at the clinic’s location, then the balance is asked for again', async () => {
    const { server } = open(meera, {
      'GET /api/bill/get-dues': () =>
        Response.json({
          data: { totalDue: 300, bills: [{ ...unpaid, patient_id: meera.id, patient_name: meera.name }] },
        }),
      'POST /api/bill/record-dues-payment': () =>
        Response.json(
          { data: receipt, message: 'Payment recorded; the receipt is ready to print' },
          { status: 201 },
        ),
    });
    await userEvent.click((await actions()).getByRole('button', { name: 'Record payment' }));

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Record payment: Meera Joshi' },
      firstAppearance,
    );
    expect(await within(dialog).findByText('Total due: ₹300.00')).toBeVisible();
    expect(server.requests('GET /api/bill/get-dues')[0]?.url.searchParams.toString()).toBe(
      `locationId=${kothrud.id}&customerMobile=${meera.mobile}`,
    );
    const patientAsked = server.requests(patientRoutes.byId).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect((await findToast('Payment recorded; the receipt is ready to print')).kind).toBe('success');
    expect(server.requests('POST /api/bill/record-dues-payment')[0]?.body).toEqual({
      locationId: kothrud.id,
      customerMobile: meera.mobile,
      patientId: meera.id,
      amount: 300,
      paymentMode: 'cash',
    });
    expect(within(dialog).getByRole('link', { name: 'Print receipt' })).toHaveAttribute(
      'href',
      `/dashboard/receipt/${receipt.id}`,
    );
    await waitFor(() => expect(server.requests(patientRoutes.byId).length).toBeGreaterThan(patientAsked));
  });

  it('offers Record payment only while something is due', async () => {
    open(fakePatient(8, 'Rohit Sharma', { balance: 0 }));
    const buttons = await actions();
    expect(buttons.getByRole('link', { name: 'New bill' })).toBeVisible();
    expect(buttons.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });

  it('keeps the actions under the patient’s header on a 360 px phone, in reading order', async () => {
    onAScreenOf(360);
    open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Meera Joshi' }, firstAppearance);
    const group = screen.getByRole('group', { name: 'Actions for this patient' });
    expect(heading.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(Array.from(group.querySelectorAll('a, button'), (action) => action.textContent)).toEqual([
      'Book appointment',
      'New prescription',
      'New bill',
      'Record payment',
      'Edit',
      'Merge',
    ]);
    expect(group).toHaveStyle({ flexWrap: 'wrap' });
  });
});
