import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billTexts } from '@vaidya/contract/bill-screens';
import type { Bill, PublicBill } from '@vaidya/contract/bills';
import { billEditorWords } from '@vaidya/contract/bills-screens';
import type { ConsultationForm } from '@vaidya/contract/consultation-forms';
import type { BillablePlanItem } from '@vaidya/contract/dental';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { billedPatientId, billOf, fakeBillSummary, fakeBills } from '../../testing/fake-bills';
import { fakeBooking, fakeBookings } from '../../testing/fake-bookings';
import { fakeConsultation, medicine, rootCanal } from '../../testing/fake-consultation';
import { uuid } from '../../testing/fake-masters';
import {
  answer,
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

/** Completed items of Anil's dental plan, as get-billable-items answers them. */
const filling: BillablePlanItem = {
  id: uuid(2001),
  plan_id: uuid(2000),
  plan_title: 'RCT and crowns',
  treatment_id: uuid(243),
  treatment_name: 'Composite filling',
  tooth: 36,
  surfaces: ['M', 'O'],
  price: 1500,
  tax_percentage: 0,
  discount: 100,
  completed_on: '2026-11-23',
};
const crown: BillablePlanItem = {
  ...filling,
  id: uuid(2002),
  treatment_id: uuid(244),
  treatment_name: 'Zirconia crown',
  tooth: 46,
  surfaces: [],
  price: 8000,
  tax_percentage: 18,
  discount: 0,
};
const scaling: BillablePlanItem = {
  ...crown,
  id: uuid(2003),
  treatment_id: uuid(242),
  treatment_name: 'Scaling',
  tooth: null,
  price: 1200,
  tax_percentage: 0,
};

/** The booking's prescription, of the patient the fake server files the booking's bills under. */
const formOf = (
  booking: typeof anil,
  lists: Pick<ConsultationForm, 'treatments' | 'products'>,
): ConsultationForm => ({
  id: uuid(950),
  slot_id: booking.id,
  location_id: kothrud.id,
  patient_id: billedPatientId,
  customer_name: booking.customer.name,
  customer_age: null,
  customer_gender: null,
  customer_mobile: booking.customer.mobile,
  prescribed_date: '2026-11-23',
  updated_at: '2026-11-23T05:30:00.000Z',
  version: 1,
  author: null,
  metrics: [],
  complaints: [],
  observations: [],
  diagnoses: [],
  investigations: [],
  ...lists,
});

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
      const form = formOf(anil, {
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
      });
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
  it(
    'lets a dentist bill one treatment on two lines, a line per tooth; other clinics count it in the quantity',
    async () => {
      const { server, router } = open('/dashboard/bill-editor');
      const user = userEvent.setup();
      await user.type(
        await screen.findByRole('textbox', { name: /Patient name/ }, firstAppearance),
        'Meera Joshi',
      );
      await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822000002');
      await pick('Add treatment', 'scal', /Scaling/);
      // Picked once, it is still offered: a second line, priced on its own.
      await pick('Add treatment', 'scal', /Scaling/);
      const [first, second] = screen.getAllByRole('listitem', { name: 'Scaling' });
      if (!first || !second) throw new Error('two Scaling lines');
      await retype(within(second).getByRole('textbox', { name: 'Unit price (₹)' }), '900');
      expect(within(first).getByRole('textbox', { name: 'Unit price (₹)' })).toHaveValue('1200');
      expect(figure('Subtotal')).toBe('₹2,100.00');
      await user.click(within(first).getByRole('button', { name: 'Remove Scaling' }));
      expect(screen.getAllByRole('listitem', { name: 'Scaling' })).toHaveLength(1);
      await pick('Add treatment', 'scal', /Scaling/);

      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/bill-preview\//));
      expect(sentBody(server, 'POST /api/bill/add-bill')?.items).toEqual([
        {
          treatmentId: uuid(242),
          productId: null,
          name: 'Scaling',
          quantity: 1,
          unitPrice: 900,
          taxPercentage: 0,
        },
        {
          treatmentId: uuid(242),
          productId: null,
          name: 'Scaling',
          quantity: 1,
          unitPrice: 1200,
          taxPercentage: 0,
        },
      ]);
    },
    journeyTimeout,
  );

  it(
    'offers a picked treatment once to a clinic that is not a dentist’s',
    async () => {
      open('/dashboard/bill-editor', {
        bills: {
          ...fakeBills(),
          'GET /api/get-partner-details': answer({ data: { ...sushrutDental, speciality_type: 'DOCTOR' } }),
        },
      });
      const user = userEvent.setup();
      await screen.findByRole('heading', { name: 'New bill' }, firstAppearance);
      await pick('Add treatment', 'scal', /Scaling/);
      await user.type(screen.getByRole('combobox', { name: 'Add treatment' }), 'scal');
      expect(await screen.findByText('Nothing matches "scal"')).toBeVisible();
      expect(screen.getAllByRole('listitem', { name: 'Scaling' })).toHaveLength(1);
    },
    journeyTimeout,
  );

  it(
    'offers a dental patient’s completed plan items as lines, each billed once with its plan item',
    async () => {
      const form = formOf(anil, { treatments: [], products: [] });
      const { server, router } = open(`/dashboard/bill-editor?slot=${anil.id}`, {
        forms: [form],
        bills: fakeBills({
          planItems: [
            { patientId: billedPatientId, item: filling },
            { patientId: billedPatientId, item: crown },
            { patientId: billedPatientId, item: scaling },
            { patientId: uuid(3999), item: { ...filling, id: uuid(2099), treatment_name: 'Someone else’s' } },
          ],
        }),
      });
      const user = userEvent.setup();
      expect(await screen.findByRole('heading', { name: 'New bill' }, firstAppearance)).toBeVisible();
      const offer = await screen.findByRole('region', { name: 'Done in treatment plans, not billed yet' });
      expect(
        within(offer)
          .getAllByRole('button', { name: /^Add .+, ₹/ })
          .map((button) => button.getAttribute('aria-label')),
      ).toEqual([
        // ₹1,500 less its ₹100 share of the plan's discount.
        'Add Composite filling, tooth 36 MO, ₹1,400.00',
        'Add Zirconia crown, tooth 46, ₹8,000.00',
        'Add Scaling, ₹1,200.00',
      ]);
      expect(within(offer).getByText('RCT and crowns · done 23/11/2026 · ₹1,400.00')).toBeVisible();

      await user.click(
        within(offer).getByRole('button', { name: 'Add Composite filling, tooth 36 MO, ₹1,400.00' }),
      );
      expect(
        within(line('Composite filling, tooth 36 MO')).getByRole('textbox', { name: 'Unit price (₹)' }),
      ).toHaveValue('1400');
      expect(within(offer).getAllByRole('button', { name: /^Add .+, ₹/ })).toHaveLength(2);
      // Changed to another patient, the bill is offered none of Anil's items.
      await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'a');
      expect(
        screen.queryByRole('region', { name: 'Done in treatment plans, not billed yet' }),
      ).not.toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: /Patient name/ }), '{Backspace}');
      await screen.findByRole('region', { name: 'Done in treatment plans, not billed yet' });

      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/bill-preview\//));
      const saved = sentBody(server, 'POST /api/bill/add-bill');
      expect(saved?.items).toEqual([
        {
          treatmentId: filling.treatment_id,
          productId: null,
          planItemId: filling.id,
          name: 'Composite filling, tooth 36 MO',
          quantity: 1,
          unitPrice: 1400,
          taxPercentage: 0,
        },
      ]);

      // The saved bill keeps the line's plan item; the item billed is offered no more.
      await router.navigate(`/dashboard/bill-editor?id=${uuid(1800)}`);
      expect(await screen.findByRole('heading', { name: 'Edit bill' }, firstAppearance)).toBeVisible();
      const left = await screen.findByRole('region', { name: 'Done in treatment plans, not billed yet' });
      expect(
        within(left)
          .getAllByRole('button', { name: /^Add .+, ₹/ })
          .map((button) => button.getAttribute('aria-label')),
      ).toEqual(['Add Zirconia crown, tooth 46, ₹8,000.00', 'Add Scaling, ₹1,200.00']);
      await user.click(within(left).getByRole('button', { name: 'Add all' }));
      expect(
        screen.queryByRole('region', { name: 'Done in treatment plans, not billed yet' }),
      ).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save bill' }));
      await waitFor(() => expect(server.requests('PUT /api/bill/edit-bill')).toHaveLength(1));
      expect(sentBody(server, 'PUT /api/bill/edit-bill')?.items).toMatchObject([
        { planItemId: filling.id, unitPrice: 1400 },
        { planItemId: crown.id, treatmentId: crown.treatment_id, unitPrice: 8000, taxPercentage: 18 },
        { planItemId: scaling.id, name: 'Scaling', unitPrice: 1200 },
      ]);
    },
    journeyTimeout,
  );

  it(
    'names a plan item’s tooth as the clinic numbers teeth, and cuts a long treatment name short before it',
    async () => {
      const longName = 'Composite filling '.repeat(12).trim();
      open(`/dashboard/bill-editor?slot=${anil.id}`, {
        forms: [formOf(anil, { treatments: [], products: [] })],
        bills: {
          ...fakeBills({
            planItems: [
              { patientId: billedPatientId, item: filling },
              { patientId: billedPatientId, item: { ...crown, treatment_name: longName } },
            ],
          }),
          'GET /api/get-partner-details': answer({
            data: { ...sushrutDental, tooth_numbering: 'UNIVERSAL' },
          }),
        },
      });
      const offer = await screen.findByRole(
        'region',
        { name: 'Done in treatment plans, not billed yet' },
        firstAppearance,
      );
      const names = within(offer)
        .getAllByRole('button', { name: /^Add .+, ₹/ })
        .map((button) => button.getAttribute('aria-label'));
      // 36 is Universal 19, 46 is 30.
      expect(names[0]).toBe('Add Composite filling, tooth 19 MO, ₹1,400.00');
      const cut = `${longName.slice(0, 200 - ', tooth 30'.length)}, tooth 30`;
      expect(cut).toHaveLength(200);
      expect(names[1]).toBe(`Add ${cut}, ₹8,000.00`);
    },
    journeyTimeout,
  );

  it(
    'says when the plan items could not be fetched, and bills from the masters meanwhile',
    async () => {
      open(`/dashboard/bill-editor?slot=${anil.id}`, {
        forms: [formOf(anil, { treatments: [], products: [] })],
        bills: {
          ...fakeBills(),
          'GET /api/dental/get-billable-items': answer(
            { message: 'Something went wrong', code: 'INTERNAL' },
            500,
          ),
        },
      });
      expect(await screen.findByRole('heading', { name: 'New bill' }, firstAppearance)).toBeVisible();
      expect(
        await screen.findByText(billEditorWords.planItems.fetchFailed, {}, { timeout: 10_000 }),
      ).toBeVisible();
      await pick('Add treatment', 'scal', /Scaling/);
      expect(line('Scaling')).toBeVisible();
    },
    journeyTimeout,
  );

  it(
    'asks for no plan items for a clinic that is not a dentist’s',
    async () => {
      const { server } = open(`/dashboard/bill-editor?slot=${anil.id}`, {
        forms: [formOf(anil, { treatments: [], products: [] })],
        bills: {
          ...fakeBills({ planItems: [{ patientId: billedPatientId, item: filling }] }),
          'GET /api/get-partner-details': answer({ data: { ...sushrutDental, speciality_type: 'DOCTOR' } }),
        },
      });
      expect(await screen.findByRole('heading', { name: 'New bill' }, firstAppearance)).toBeVisible();
      expect(screen.getByRole('textbox', { name: /Patient name/ })).toHaveValue('Anil Deshpande');
      expect(screen.queryByRole('region', { name: /treatment plans/ })).not.toBeInTheDocument();
      expect(server.requests('GET /api/dental/get-billable-items')).toHaveLength(0);
    },
    journeyTimeout,
  );
});
