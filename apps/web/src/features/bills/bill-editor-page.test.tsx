import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billTexts } from '@vaidya/contract/bill-screens';
import type { Bill, PublicBill } from '@vaidya/contract/bills';
import type { ConsultationForm } from '@vaidya/contract/consultation-forms';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { billOf, fakeBillSummary, fakeBills } from '../../testing/fake-bills';
import { fakeBooking, fakeBookings } from '../../testing/fake-bookings';
import { fakeConsultation, medicine, rootCanal } from '../../testing/fake-consultation';
import { uuid } from '../../testing/fake-masters';
import {
  fakeServer,
  type Handler,
  kothrud,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';

const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 60_000;

beforeAll(() => loadRoutes('/dashboard/bookings', '/dashboard/bill-editor', `/bill-preview/${uuid(1800)}`));

const zinc = medicine(310, 'Zinc 50', { price: 33.33, tax_percentage: 12 });
const anil = fakeBooking(1, '10:00', 'Anil Deshpande', { mobile: '9822000001' });

function open(
  path: string,
  { forms = [], bills = fakeBills() }: { forms?: ConsultationForm[]; bills?: Record<string, Handler> } = {},
) {
  storeSignedInSession();
  localStorage.setItem(sessionKeys.selectedDay, anil.date);
  const server = fakeServer({
    ...fakeBookings({ bookings: [anil] }),
    ...fakeConsultation({ forms, products: [zinc] }),
    ...bills,
  });
  const router = renderApp(path);
  return { server, router };
}

async function pick(label: string, term: string, option: string | RegExp) {
  const user = userEvent.setup();
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  await user.type(input, term);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function retype(field: HTMLElement, text: string) {
  const user = userEvent.setup();
  await user.clear(field);
  await user.type(field, text);
}

const line = (name: string) => screen.getByRole('listitem', { name });
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
/** A line's figure as the editor writes it beside the line ("Tax ₹11.91"): its amount. */
const lineFigure = (name: string, label: string) =>
  within(line(name))
    .getByText(new RegExp(`^${label} ₹`))
    .textContent?.slice(label.length + 1);
const sentBody = (server: ReturnType<typeof fakeServer>, route: string) =>
  server.requests(route).at(-1)?.body as Record<string, unknown> | undefined;

/** The public bill of a bill the fake bills API saved, as the API answers it from the same record. */
function publicBill(bills: Record<string, Handler>, id: string): Record<string, Handler> {
  const byId = bills['GET /api/bill/get-by-id'];
  if (!byId) throw new Error('fakeBills answers GET /api/bill/get-by-id');
  return {
    [`GET /api/public/bill/${id}`]: async (request) => {
      const found = await byId({ ...request, url: new URL(`/api/bill/get-by-id?id=${id}`, request.url) });
      if (!found.ok) return found;
      const {
        location_id: _location,
        slot_id: _slot,
        ...bill
      } = ((await found.json()) as { data: Bill }).data;
      const answer: PublicBill = {
        bill,
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
      return Response.json({ data: answer });
    },
  };
}

/** The editor's figures: each line's tax and amount, and the bill's totals. */
function editorFigures(names: string[]) {
  return {
    lines: names.map((name) => ({
      name,
      tax: lineFigure(name, 'Tax'),
      amount: lineFigure(name, 'Amount'),
    })),
    totals: {
      subtotal: figure('Subtotal'),
      discount: figure('Discount'),
      tax: figure('Tax'),
      total: figure('Total'),
    },
  };
}

/** The same figures as the printed bill shows them: its items' Tax and Amount columns, and its totals. */
function printedFigures(sheet: HTMLElement) {
  const cellsOf = (row: HTMLElement) =>
    Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);
  const [header = [], ...rows] = within(within(sheet).getByRole('region', { name: billTexts.items }))
    .getAllByRole('row')
    .map(cellsOf);
  const column = (title: string) => header.indexOf(title);
  const totals = new Map(
    within(within(sheet).getByRole('region', { name: billTexts.totals }))
      .getAllByRole('row')
      .map((row) => cellsOf(row) as [string, string]),
  );
  return {
    lines: rows.map((cells) => ({
      name: cells[column(billTexts.columns.item)],
      tax: cells[column(billTexts.columns.tax)],
      amount: cells[column(billTexts.columns.amount)],
    })),
    totals: {
      subtotal: totals.get(billTexts.subtotal),
      discount: totals.get(billTexts.discount),
      tax: totals.get(billTexts.tax),
      total: totals.get(billTexts.total),
    },
  };
}

describe('Bill editor', () => {
  it(
    'bills lines picked from the masters with exact live totals, then opens the preview',
    async () => {
      const { server, router } = open('/dashboard/bill-editor');
      const user = userEvent.setup();
      expect(await screen.findByRole('heading', { name: 'New bill' }, firstAppearance)).toBeVisible();
      await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'Meera Joshi');
      await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822000002');

      await pick('Add medicine', 'zinc', /Zinc 50/);
      expect(within(line('Zinc 50')).getByRole('textbox', { name: 'Unit price (₹)' })).toHaveValue('33.33');
      expect(within(line('Zinc 50')).getByRole('textbox', { name: 'Tax %' })).toHaveValue('12');
      await retype(within(line('Zinc 50')).getByRole('textbox', { name: 'Qty' }), '3');
      await user.type(screen.getByRole('textbox', { name: 'Discount (₹)' }), '10');

      // 3 × ₹33.33 = ₹99.99; less ₹10 is ₹89.99, whose 12% is ₹10.7988, rounded to ₹10.80.
      expect(figure('Subtotal')).toBe('₹99.99');
      expect(figure('Discount')).toBe('₹10.00');
      expect(figure('Tax')).toBe('₹10.80');
      expect(figure('Total')).toBe('₹100.79');
      expect(figure('Amount due')).toBe('₹100.79');
      expect(screen.getByRole('textbox', { name: 'Amount paid (₹)' })).toHaveValue('100.79');

      // The discount is shared by the lines' amounts: ₹0.77 of it lowers the taxed medicine.
      await pick('Add treatment', 'scal', /Scaling/);
      expect(within(line('Scaling')).getByRole('textbox', { name: 'Unit price (₹)' })).toHaveValue('1200');
      expect(figure('Subtotal')).toBe('₹1,299.99');
      expect(figure('Tax')).toBe('₹11.91');
      expect(figure('Total')).toBe('₹1,301.90');

      await user.click(screen.getByRole('radio', { name: 'UPI' }));
      await user.click(screen.getByRole('button', { name: 'Save bill' }));

      await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/bill-preview\//));
      const body = sentBody(server, 'POST /api/bill/add-bill');
      expect(body).toEqual({
        locationId: kothrud.id,
        slotId: null,
        customerName: 'Meera Joshi',
        customerMobile: '9822000002',
        items: [
          {
            treatmentId: null,
            productId: zinc.id,
            name: 'Zinc 50',
            quantity: 3,
            unitPrice: 33.33,
            taxPercentage: 12,
          },
          {
            treatmentId: uuid(242),
            productId: null,
            name: 'Scaling',
            quantity: 1,
            unitPrice: 1200,
            taxPercentage: 0,
          },
        ],
        discount: 10,
        amountPaid: 1301.9,
        paymentMode: 'upi',
      });
      expect(router.state.location.pathname).toBe(`/bill-preview/${uuid(1800)}`);
    },
    journeyTimeout,
  );

  it(
    'shows each line’s tax and amount and the totals as the saved bill prints them, new and edited',
    async () => {
      const bills = fakeBills();
      const savedId = uuid(1800);
      const { router } = open('/dashboard/bill-editor', {
        bills: { ...bills, ...publicBill(bills, savedId) },
      });
      const user = userEvent.setup();
      await user.type(
        await screen.findByRole('textbox', { name: /Patient name/ }, firstAppearance),
        'Meera Joshi',
      );
      await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822000002');
      await pick('Add medicine', 'zinc', /Zinc 50/);
      await retype(within(line('Zinc 50')).getByRole('textbox', { name: 'Qty' }), '3');
      await pick('Add treatment', 'scal', /Scaling/);
      await user.type(screen.getByRole('textbox', { name: 'Discount (₹)' }), '10');

      // 3 × ₹33.33 = ₹99.99, of which ₹0.77 of the discount comes off: 12% of ₹99.22 is ₹11.91.
      const expected = {
        lines: [
          { name: 'Zinc 50', tax: '₹11.91', amount: '₹99.99' },
          { name: 'Scaling', tax: '₹0.00', amount: '₹1,200.00' },
        ],
        totals: { subtotal: '₹1,299.99', discount: '₹10.00', tax: '₹11.91', total: '₹1,301.90' },
      };
      expect(editorFigures(['Zinc 50', 'Scaling'])).toEqual(expected);

      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/bill-preview/${savedId}`));
      const sheet = await screen.findByRole('article', { name: billTexts.document }, firstAppearance);
      expect(printedFigures(sheet)).toEqual(expected);

      await router.navigate(`/dashboard/bill-editor?id=${savedId}`);
      expect(await screen.findByRole('heading', { name: 'Edit bill' }, firstAppearance)).toBeVisible();
      expect(editorFigures(['Zinc 50', 'Scaling'])).toEqual(expected);
    },
    journeyTimeout,
  );

  it(
    'keeps the ten digits of a mobile pasted or typed with +91, 0, spaces or dashes, and bills under them',
    async () => {
      const { server } = open('/dashboard/bill-editor');
      const user = userEvent.setup();
      const mobile = await screen.findByRole('textbox', { name: /Mobile number/ }, firstAppearance);
      await user.click(mobile);
      await user.paste('+91 98123 45678');
      expect(mobile).toHaveValue('9812345678');
      await retype(mobile, '098123-45678');
      expect(mobile).toHaveValue('9812345678');
      await user.clear(mobile);
      await user.paste('98123 45678');
      expect(mobile).toHaveValue('9812345678');

      await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'Meera Joshi');
      await pick('Add medicine', 'zinc', /Zinc 50/);
      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      await waitFor(() =>
        expect(sentBody(server, 'POST /api/bill/add-bill')).toMatchObject({ customerMobile: '9812345678' }),
      );
    },
    journeyTimeout,
  );

  it(
    'collects the patient’s earlier balance with the bill when asked',
    async () => {
      const earlier = fakeBillSummary(5, 'Meera Joshi', { customer_mobile: '9822000002', balance: 250 });
      const { server } = open('/dashboard/bill-editor', { bills: fakeBills({ bills: [earlier] }) });
      const user = userEvent.setup();
      await user.type(
        await screen.findByRole('textbox', { name: /Patient name/ }, firstAppearance),
        'Meera Joshi',
      );
      await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822000002');
      expect(await screen.findByText('Earlier balance ₹250.00')).toBeVisible();

      await pick('Add treatment', 'scal', /Scaling/);
      expect(figure('Amount due')).toBe('₹1,200.00');
      await user.click(screen.getByRole('switch', { name: 'Collect earlier balance' }));
      expect(figure('Amount due')).toBe('₹1,450.00');
      expect(screen.getByRole('textbox', { name: 'Amount paid (₹)' })).toHaveValue('1450');

      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      await waitFor(() => expect(sentBody(server, 'POST /api/bill/add-bill')?.amountPaid).toBe(1450));
    },
    journeyTimeout,
  );

  it(
    'checks the bill with the contract before sending it',
    async () => {
      const { server } = open('/dashboard/bill-editor');
      const user = userEvent.setup();
      await user.type(
        await screen.findByRole('textbox', { name: /Mobile number/ }, firstAppearance),
        '12345',
      );
      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      expect(
        await screen.findByText(
          'Add at least one item to the bill. To take only an earlier balance, use Record payment on the bills list.',
        ),
      ).toBeVisible();
      expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveAccessibleDescription();
      expect(server.requests('POST /api/bill/add-bill')).toHaveLength(0);
    },
    journeyTimeout,
  );

  it(
    'bills a booking from its prescription’s treatments and medicines, its patient filled in',
    async () => {
      const form: ConsultationForm = {
        id: uuid(950),
        slot_id: anil.id,
        location_id: kothrud.id,
        patient_id: anil.customer.id,
        customer_name: 'Anil Deshpande',
        customer_age: 42,
        customer_gender: 'male',
        customer_mobile: '9822000001',
        prescribed_date: '2026-11-23',
        updated_at: '2026-11-23T05:30:00.000Z',
        version: 1,
        metrics: [],
        complaints: [],
        observations: [],
        diagnoses: [],
        investigations: [],
        treatments: [
          { id: rootCanal.id, treatment_name: rootCanal.treatment_name, tooth_number: 36, operations: [] },
          { id: rootCanal.id, treatment_name: rootCanal.treatment_name, tooth_number: 46, operations: [] },
        ],
        products: [
          {
            id: zinc.id,
            product_name: 'Zinc 50',
            composition: '',
            dosage_qty: '1 tablet',
            is_morning: true,
            is_afternoon: false,
            is_evening: false,
            is_sos: false,
            days: 10,
            instructions: '',
          },
        ],
      };
      const { server, router } = open('/dashboard/bookings', { forms: [form] });
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('button', { name: 'Bill for Anil Deshpande' }, firstAppearance),
      );

      expect(await screen.findByRole('heading', { name: 'New bill' }, firstAppearance)).toBeVisible();
      expect(router.state.location.search).toBe(`?slot=${anil.id}`);
      expect(await screen.findByRole('listitem', { name: 'Root canal treatment' })).toBeVisible();
      expect(screen.getByRole('textbox', { name: /Patient name/ })).toHaveValue('Anil Deshpande');
      expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('9822000001');
      expect(within(line('Root canal treatment')).getByRole('textbox', { name: 'Qty' })).toHaveValue('2');
      expect(within(line('Zinc 50')).getByRole('textbox', { name: 'Tax %' })).toHaveValue('12');
      // ₹8,000 untaxed, and ₹33.33 with 12% (₹4.00).
      expect(figure('Total')).toBe('₹8,037.33');

      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/bill-preview\//));
      expect(sentBody(server, 'POST /api/bill/add-bill')).toMatchObject({
        slotId: anil.id,
        customerName: 'Anil Deshpande',
        items: [
          { treatmentId: rootCanal.id, quantity: 2, unitPrice: 4000 },
          { productId: zinc.id, quantity: 1, unitPrice: 33.33 },
        ],
      });
    },
    journeyTimeout,
  );

  it(
    'edits the booking’s bill when it has one',
    async () => {
      const saved = billOf(uuid(1700), {
        locationId: kothrud.id,
        slotId: anil.id,
        customerName: 'Anil Deshpande',
        customerMobile: '9822000001',
        items: [
          {
            treatmentId: rootCanal.id,
            productId: null,
            name: 'Root canal treatment',
            quantity: 1,
            unitPrice: 4000,
            taxPercentage: 0,
          },
        ],
        discount: 0,
        amountPaid: 1000,
        paymentMode: 'cash',
      });
      const { server, router } = open(`/dashboard/bill-editor?slot=${anil.id}`, {
        bills: fakeBills({ saved: [saved] }),
      });
      const user = userEvent.setup();
      expect(await screen.findByRole('heading', { name: 'Edit bill' }, firstAppearance)).toBeVisible();
      expect(screen.getByRole('textbox', { name: 'Amount paid (₹)' })).toHaveValue('1000');
      await retype(screen.getByRole('textbox', { name: 'Amount paid (₹)' }), '4000');
      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/bill-preview/${saved.id}`));
      expect(sentBody(server, 'PUT /api/bill/edit-bill')).toMatchObject({ id: saved.id, amountPaid: 4000 });
    },
    journeyTimeout,
  );
});
