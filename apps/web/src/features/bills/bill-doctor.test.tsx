import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billEditorWords } from '@vaidya/contract/bills-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { billOf, fakeBills } from '../../testing/fake-bills';
import { fakeBooking, fakeBookings } from '../../testing/fake-bookings';
import { fakeConsultation, medicine } from '../../testing/fake-consultation';
import { uuid } from '../../testing/fake-masters';
import {
  answer,
  fakeServer,
  kothrud,
  storeSignedInSession,
  sushrutDental,
  sushrutDentalAs,
} from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';

/** The bill editor's Doctor (issue 23): who is offered, what it starts at, what is sent. */

const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 60_000;

beforeAll(() => loadRoutes('/dashboard/bill-editor'));

const zinc = medicine(310, 'Zinc 50', { price: 33.33, tax_percentage: 12 });
const anil = fakeBooking(1, '10:00', 'Anil Deshpande', { mobile: '9822000001' });
const owner = sushrutDental.user;
const doctor = { ...sushrutDentalAs('doctor').user, name: 'Dr Meera Joshi' };
const clinic = { ...sushrutDental, doctors: [owner, doctor].map(({ id, name }) => ({ id, name })) };

function open(path: string, { asDoctor = false, bills = fakeBills() } = {}) {
  storeSignedInSession();
  const server = fakeServer({
    ...fakeBookings({ bookings: [anil] }),
    ...fakeConsultation({ products: [zinc] }),
    ...bills,
    'GET /api/get-partner-details': answer({ data: asDoctor ? { ...clinic, user: doctor } : clinic }),
  });
  renderApp(path);
  return server;
}

const doctorField = () => screen.findByRole('combobox', { name: billEditorWords.doctor }, firstAppearance);
const chosen = (field: HTMLElement) => (field as HTMLSelectElement).selectedOptions[0]?.textContent;

/** Names the patient, adds a medicine, saves, and answers what add-bill was sent. */
async function saveBill(server: ReturnType<typeof fakeServer>) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'Meera Joshi');
  await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822000002');
  const picker = screen.getByRole('combobox', { name: 'Add medicine' });
  await user.click(picker);
  await user.type(picker, 'zinc');
  await user.click(await screen.findByRole('option', { name: /Zinc 50/ }));
  await user.click(screen.getByRole('button', { name: billEditorWords.save }));
  await waitFor(() => expect(server.requests('POST /api/bill/add-bill')).toHaveLength(1));
  return server.requests('POST /api/bill/add-bill')[0]?.body as Record<string, unknown>;
}

describe('the bill’s doctor', { timeout: 30_000 }, () => {
  it(
    'offers the clinic’s doctors and owners, starts at none for an owner, and sends the one chosen',
    async () => {
      const server = open('/dashboard/bill-editor');
      const field = await doctorField();
      expect(chosen(field)).toBe(billEditorWords.noDoctor);
      expect(Array.from((field as HTMLSelectElement).options, (option) => option.textContent)).toEqual([
        billEditorWords.noDoctor,
        'Dr Sushrut Kulkarni',
        'Dr Meera Joshi',
      ]);
      const user = userEvent.setup();
      await user.selectOptions(field, 'Dr Meera Joshi');
      expect(await saveBill(server)).toMatchObject({ doctorUserId: doctor.id });
    },
    journeyTimeout,
  );

  it(
    'starts at the signed-in user when they are a doctor',
    async () => {
      open('/dashboard/bill-editor', { asDoctor: true });
      expect(chosen(await doctorField())).toBe('Dr Meera Joshi');
    },
    journeyTimeout,
  );

  it(
    'shows the booking’s doctor for a new bill of a booking, and sends none so the server takes it',
    async () => {
      const server = open(`/dashboard/bill-editor?slot=${anil.id}`);
      expect(chosen(await doctorField())).toBe(billEditorWords.bookingDoctor);
      expect(await saveBill(server)).not.toHaveProperty('doctorUserId');
    },
    journeyTimeout,
  );

  it(
    'keeps a saved bill’s doctor who is no longer offered',
    async () => {
      const saved = {
        ...billOf(uuid(1800), {
          locationId: kothrud.id,
          customerName: 'Meera Joshi',
          customerMobile: '9822000002',
          items: [{ name: 'Zinc 50', quantity: 1, unitPrice: 33.33, taxPercentage: 12 }],
          discount: 0,
          amountPaid: 0,
          paymentMode: 'cash',
        }),
        doctor_user_id: uuid(1900),
        doctor: { name: 'Dr Ravi Kale', registration_number: null },
      };
      open(`/dashboard/bill-editor?id=${saved.id}`, { bills: fakeBills({ saved: [saved] }) });
      expect(chosen(await doctorField())).toBe('Dr Ravi Kale');
    },
    journeyTimeout,
  );
});
