import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ConsultationForm, consultationFormMessages } from '@vaidya/contract/consultation-forms';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { fakeBooking, fakeBookings } from '../../testing/fake-bookings';
import {
  afterExtraction,
  amoxicillin,
  fakeConsultation,
  paracetamol,
  pulpitis,
  rootCanal,
  toothache,
} from '../../testing/fake-consultation';
import { uuid } from '../../testing/fake-masters';
import {
  answer,
  fakeServer,
  type Handler,
  inTurn,
  kothrud,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';

// The router, the page and its dialogs load lazily; compiled first, the waits are for the screen alone.
const firstAppearance = { timeout: 10_000 };
// Long journeys through five debounced pickers: generous for a machine running other suites beside.
const journeyTimeout = 120_000;

beforeAll(async () => {
  await Promise.all([
    loadRoutes('/dashboard/bookings', '/dashboard/consultation'),
    import('./components/tooth-chart-dialog'),
    import('./components/earlier-prescriptions-dialog'),
  ]);
});

const anil = fakeBooking(1, '10:00', 'Anil Deshpande', { mobile: '9822000001' });
const anilWithDetails = { ...anil, customer: { ...anil.customer, age: 42, gender: 'male' as const } };

function open(path: string, routes: Record<string, Handler> = {}) {
  storeSignedInSession();
  localStorage.setItem(sessionKeys.selectedDay, anil.date);
  const server = fakeServer({
    ...fakeBookings({ bookings: [anilWithDetails] }),
    ...fakeConsultation(),
    ...routes,
  });
  const router = renderApp(path);
  return { server, router };
}

const savedBody = (server: ReturnType<typeof fakeServer>, route: string) =>
  server.requests(route).at(-1)?.body as Record<string, unknown> | undefined;

/** Types into a picker and clicks the offered entry once the answer for the term has arrived. */
async function pick(label: string, term: string, option: string | RegExp) {
  const user = userEvent.setup();
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  await user.type(input, term);
  await user.click(await screen.findByRole('option', { name: option }));
}

const medicineRow = (name: string) => screen.getByRole('listitem', { name });

const existingForm: ConsultationForm = {
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
  author: null,
  metrics: [{ id: uuid(951), type: 'BP', value: '130/85' }],
  complaints: [{ id: toothache.id, complaint_name: 'Toothache' }],
  observations: [],
  diagnoses: [{ id: pulpitis.id, diagnosis_name: 'Irreversible pulpitis' }],
  investigations: [],
  treatments: [
    {
      id: rootCanal.id,
      treatment_name: 'Root canal treatment',
      tooth_number: 36,
      operations: [{ id: uuid(952), operation_name: 'Access opening' }],
    },
  ],
  products: [{ ...amoxicillin, days: 5 }].map(
    ({ price: _price, tax_percentage: _tax, ...product }) => product,
  ),
};

describe('the consultation editor', { timeout: journeyTimeout }, () => {
  it('writes a booking’s prescription with picked and typed entries, vitals and a medicine, then opens the preview', async () => {
    const { server, router } = open('/dashboard/bookings');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Prescription for Anil Deshpande' }, firstAppearance),
    );

    expect(await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Patient name/ })).toHaveValue('Anil Deshpande');
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('9822000001');
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveValue('42');
    expect(router.state.location.search).toBe(`?slot=${anil.id}`);

    await user.type(screen.getByRole('textbox', { name: 'BP' }), '120/80');
    await user.type(screen.getByRole('textbox', { name: 'Pulse' }), '72');

    await pick('Search or add a complaint', 'tooth', /Toothache/);
    await pick('Search or add a complaint', 'Jaw pain', 'Add "Jaw pain"');
    expect(screen.getByRole('button', { name: 'Toothache' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Jaw pain' })).toBeVisible();
    await pick('Search or add a diagnosis', 'pulp', /Irreversible pulpitis/);

    await pick('Search or add a medicine', 'amox', /Amoxicillin 500/);
    const row = medicineRow('Amoxicillin 500');
    expect(within(row).getByRole('textbox', { name: 'Composition' })).toHaveValue('Amoxicillin 500 mg');
    expect(within(row).getByRole('textbox', { name: 'Duration' })).toHaveValue('5');
    expect(within(row).getByRole('button', { name: 'Morning' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(row).getByRole('button', { name: 'Afternoon' }));
    await user.click(within(row).getByRole('button', { name: 'Evening' }));
    const days = within(row).getByRole('textbox', { name: 'Duration' });
    await user.clear(days);
    await user.type(days, '7');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/prescription-preview\//));
    expect(await screen.findByText(consultationFormMessages.added)).toBeVisible();
    const body = savedBody(server, 'POST /api/consultation-form/add-consultation-form');
    expect(body).toMatchObject({
      slotId: anil.id,
      customerName: 'Anil Deshpande',
      customerMobile: '9822000001',
      customerAge: 42,
      customerGender: 'male',
      metrics: [
        { type: 'BP', value: '120/80' },
        { type: 'Pulse', value: '72' },
      ],
      complaints: [{ id: toothache.id, complaint_name: 'Toothache' }, { complaint_name: 'Jaw pain' }],
      diagnoses: [{ id: pulpitis.id, diagnosis_name: 'Irreversible pulpitis' }],
      products: [
        {
          id: amoxicillin.id,
          product_name: 'Amoxicillin 500',
          composition: 'Amoxicillin 500 mg',
          dosage_qty: '1 capsule',
          is_morning: true,
          is_afternoon: true,
          is_evening: false,
          is_sos: false,
          days: 7,
          instructions: 'After meal',
        },
      ],
    });
    expect(body?.complaints).toEqual([
      { id: toothache.id, complaint_name: 'Toothache' },
      { complaint_name: 'Jaw pain' },
    ]);
  });

  it('applies a template, adding only the medicines not on the prescription yet', async () => {
    open('/dashboard/consultation');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);

    await pick('Search or add a medicine', 'amox', /Amoxicillin 500/);
    await user.type(
      within(medicineRow('Amoxicillin 500')).getByRole('textbox', { name: 'Dosage' }),
      ' after food',
    );
    await pick('Apply template', 'after', /After extraction/);

    expect(await screen.findByText('After extraction: 1 medicine added')).toBeVisible();
    const names = screen
      .getAllByRole('textbox', { name: /Medicine Name/ })
      .map((field) => (field as HTMLInputElement).value);
    expect(names).toEqual([amoxicillin.product_name, paracetamol.product_name]);
    // The medicine already written keeps what was changed on it.
    expect(within(medicineRow('Amoxicillin 500')).getByRole('textbox', { name: 'Dosage' })).toHaveValue(
      '1 capsule after food',
    );
    expect(within(medicineRow('Paracetamol 650')).getByRole('button', { name: 'SOS' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await pick('Apply template', 'after', /After extraction/);
    expect(
      await screen.findByText(
        `Every medicine of ${afterExtraction.template_name} is already on the prescription`,
      ),
    ).toBeVisible();
    expect(screen.getAllByRole('textbox', { name: /Medicine Name/ })).toHaveLength(2);
  });

  it('lets a dentist pick the tooth of a treatment on the FDI chart and note its operations', async () => {
    const { server, router } = open('/dashboard/consultation');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);
    await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'Kavita Rao');
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '98220 12345');
    // Typed with a space, the field keeps the ten digits the prescription is filed under.
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('9822012345');

    await pick('Search or add a treatment', 'root', /Root canal treatment/);
    const treatment = screen.getByRole('listitem', { name: 'Root canal treatment' });
    await user.click(
      within(treatment).getByRole('button', { name: 'Choose tooth for Root canal treatment' }),
    );

    const chart = await screen.findByRole('dialog', { name: 'Tooth for Root canal treatment' });
    const upper = within(chart).getByRole('group', { name: 'Upper jaw' });
    expect(
      within(upper)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      '18',
      '17',
      '16',
      '15',
      '14',
      '13',
      '12',
      '11',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
    ]);
    const lower = within(chart).getByRole('group', { name: 'Lower jaw' });
    expect(within(lower).getAllByRole('button')[0]).toHaveTextContent('48');
    await user.click(within(chart).getByRole('button', { name: 'Primary' }));
    expect(
      within(within(chart).getByRole('group', { name: 'Upper jaw' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['55', '54', '53', '52', '51', '61', '62', '63', '64', '65']);
    await user.click(within(chart).getByRole('button', { name: 'Permanent' }));
    await user.click(within(chart).getByRole('button', { name: 'Tooth 16' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(treatment).getByRole('button', { name: 'Tooth 16 for Root canal treatment: change' }),
    ).toBeVisible();
    const operations = within(treatment).getByRole('combobox', { name: 'Operations' });
    await user.click(operations);
    await user.click(await screen.findByRole('option', { name: 'Access opening' }));
    await user.type(operations, 'Pulp extirpation{Enter}');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/prescription-preview\//));
    expect(savedBody(server, 'POST /api/consultation-form/add-consultation-form')).toMatchObject({
      slotId: null,
      locationId: kothrud.id,
      customerName: 'Kavita Rao',
      customerMobile: '9822012345',
      treatments: [
        {
          id: rootCanal.id,
          treatment_name: 'Root canal treatment',
          tooth_number: 16,
          operations: [{ operation_name: 'Access opening' }, { operation_name: 'Pulp extirpation' }],
        },
      ],
    });
  });

  it('lets a dentist put the same treatment on two teeth, each row edited and saved on its own', async () => {
    const { server } = open('/dashboard/consultation');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);
    await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'Kavita Rao');
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822012345');

    const chooseTooth = async (row: HTMLElement, tooth: number) => {
      await user.click(within(row).getByRole('button', { name: 'Choose tooth for Root canal treatment' }));
      const chart = await screen.findByRole('dialog', { name: 'Tooth for Root canal treatment' });
      await user.click(within(chart).getByRole('button', { name: `Tooth ${tooth}` }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await pick('Search or add a treatment', 'root', /Root canal treatment/);
    await chooseTooth(screen.getByRole('listitem', { name: 'Root canal treatment' }), 36);
    // Picked once, it is still offered: picked again it is a second row, for another tooth.
    await pick('Search or add a treatment', 'root', /Root canal treatment/);
    await chooseTooth(screen.getByRole('listitem', { name: 'Root canal treatment' }), 46);

    const first = screen.getByRole('listitem', { name: 'Root canal treatment on tooth 36' });
    const second = screen.getByRole('listitem', { name: 'Root canal treatment on tooth 46' });
    await user.click(within(second).getByRole('combobox', { name: 'Operations' }));
    await user.click(await screen.findByRole('option', { name: 'Obturation' }));
    expect(within(first).queryByRole('button', { name: 'Obturation' })).not.toBeInTheDocument();
    await user.click(
      within(first).getByRole('button', { name: 'Tooth 36 for Root canal treatment: change' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Tooth 37' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(server.requests('POST /api/consultation-form/add-consultation-form')).toHaveLength(1),
    );
    expect(savedBody(server, 'POST /api/consultation-form/add-consultation-form')?.treatments).toEqual([
      { id: rootCanal.id, treatment_name: 'Root canal treatment', tooth_number: 37, operations: [] },
      {
        id: rootCanal.id,
        treatment_name: 'Root canal treatment',
        tooth_number: 46,
        operations: [{ operation_name: 'Obturation' }],
      },
    ]);
  });

  it('opens a saved form holding one treatment on two teeth as two rows, one removed alone', async () => {
    const twoTeeth: ConsultationForm = {
      ...existingForm,
      treatments: [
        ...existingForm.treatments,
        { id: rootCanal.id, treatment_name: 'Root canal treatment', tooth_number: 46, operations: [] },
      ],
    };
    const { server } = open(`/dashboard/consultation?id=${twoTeeth.id}`, {
      ...fakeConsultation({ forms: [twoTeeth] }),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Edit prescription' }, firstAppearance);
    expect(screen.getByRole('listitem', { name: 'Root canal treatment on tooth 36' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove Root canal treatment on tooth 46' }));
    expect(
      screen.queryByRole('listitem', { name: 'Root canal treatment on tooth 46' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Root canal treatment on tooth 36' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(server.requests('PUT /api/consultation-form/update-consultation-form')).toHaveLength(1),
    );
    expect(savedBody(server, 'PUT /api/consultation-form/update-consultation-form')?.treatments).toEqual([
      {
        id: rootCanal.id,
        treatment_name: 'Root canal treatment',
        tooth_number: 36,
        operations: [{ operation_name: 'Access opening' }],
      },
    ]);
  });

  it('shows treatments as chips without a tooth chart for other specialities', async () => {
    open('/dashboard/consultation', {
      'GET /api/get-partner-details': answer({ data: { ...sushrutDental, speciality_type: 'DOCTOR' } }),
    });
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);

    await pick('Search or add a treatment', 'scal', /Scaling/);

    expect(screen.getByRole('button', { name: 'Scaling' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Choose tooth/ })).not.toBeInTheDocument();
    // Without a tooth a second Scaling would print the same line twice: it is not offered again.
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Search or add a treatment' }), 'scal');
    expect(await screen.findByRole('option', { name: 'Add "scal"' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Scaling' })).not.toBeInTheDocument();
  });

  it('opens a booking’s saved prescription to edit, and saves it as an update', async () => {
    const { server, router } = open(`/dashboard/consultation?slot=${anil.id}`, {
      ...fakeConsultation({ forms: [existingForm] }),
    });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Edit prescription' }, firstAppearance)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Patient name/ })).toHaveValue('Anil Deshpande');
    expect(screen.getByRole('textbox', { name: 'BP' })).toHaveValue('130/85');
    expect(screen.getByRole('button', { name: 'Toothache' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Irreversible pulpitis' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tooth 36 for Root canal treatment: change' })).toBeVisible();
    expect(within(medicineRow('Amoxicillin 500')).getByRole('textbox', { name: 'Duration' })).toHaveValue(
      '5',
    );

    await user.click(
      within(screen.getByRole('button', { name: 'Irreversible pulpitis' })).getByTestId('CancelIcon'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/prescription-preview/${existingForm.id}`),
    );
    expect(await screen.findByText(consultationFormMessages.updated)).toBeVisible();
    const body = savedBody(server, 'PUT /api/consultation-form/update-consultation-form');
    expect(body).toMatchObject({
      id: existingForm.id,
      slotId: anil.id,
      locationId: kothrud.id,
      diagnoses: [],
      treatments: [
        {
          id: rootCanal.id,
          tooth_number: 36,
          operations: [{ operation_name: 'Access opening' }],
        },
      ],
    });
    expect(server.requests('POST /api/consultation-form/add-consultation-form')).toHaveLength(0);
  });

  it('edits a form named by its id', async () => {
    open(`/dashboard/consultation?id=${existingForm.id}`, { ...fakeConsultation({ forms: [existingForm] }) });
    expect(await screen.findByRole('heading', { name: 'Edit prescription' }, firstAppearance)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('9822000001');
  });

  it('says when another desk saved the booking’s prescription first, and opens that one', async () => {
    const conflict = answer({ message: consultationFormMessages.slotHasForm, code: 'CONFLICT' }, 409);
    const { router } = open(`/dashboard/consultation?slot=${anil.id}`, {
      'GET /api/consultation-form/get-by-slot-id': inTurn(
        answer({ data: null }),
        answer({ data: { ...existingForm, customer_name: 'Anil D.' } }),
      ),
      'POST /api/consultation-form/add-consultation-form': conflict,
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);
    await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'Anil Deshpande');
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822000001');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByText(consultationFormMessages.slotHasForm);
    expect(alert).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/consultation');
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    expect(await screen.findByRole('heading', { name: 'Edit prescription' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Patient name/ })).toHaveValue('Anil D.');
  });

  it('names what is wrong before sending anything', async () => {
    const { server } = open('/dashboard/consultation');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);
    await user.type(screen.getByRole('textbox', { name: 'Age' }), '200');
    await pick('Search or add a medicine', 'amox', /Amoxicillin 500/);
    const days = within(medicineRow('Amoxicillin 500')).getByRole('textbox', { name: 'Duration' });
    await user.clear(days);
    await user.type(days, 'five');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Patient name is required')).toBeVisible();
    expect(screen.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
    expect(screen.getByText(consultationFormMessages.invalidAge)).toBeVisible();
    expect(
      screen.getAllByText('Amoxicillin 500: Days must be a whole number from 0 to 3650')[0],
    ).toBeVisible();
    expect(server.requests('POST /api/consultation-form/add-consultation-form')).toHaveLength(0);
  });

  it('shows the server’s sentence when saving fails', async () => {
    open('/dashboard/consultation', {
      'POST /api/consultation-form/add-consultation-form': answer(
        { message: 'Location not found', code: 'NOT_FOUND' },
        404,
      ),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);
    await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'Kavita Rao');
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822012345');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Location not found')).toBeVisible();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { router } = open('/dashboard/consultation');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);

    // Nothing typed yet: leaving is free, and the bookings screen's button comes back here.
    await user.click(screen.getByRole('link', { name: 'Bookings' }));
    await user.click(await screen.findByRole('link', { name: 'Walk-in prescription' }, firstAppearance));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/consultation'));
    await user.type(await screen.findByRole('textbox', { name: /Patient name/ }, firstAppearance), 'Kavita');

    await user.click(screen.getByRole('link', { name: 'Bookings' }));
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard/consultation');
    expect(screen.getByRole('textbox', { name: /Patient name/ })).toHaveValue('Kavita');

    await user.click(screen.getByRole('link', { name: 'Bookings' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/bookings'));
  });

  it('lists the patient’s earlier prescriptions, each opening in a new tab', async () => {
    const { server } = open(`/dashboard/consultation?slot=${anil.id}`, {
      ...fakeConsultation({
        earlier: [
          {
            id: uuid(961),
            prescribed_date: '2026-10-02',
            customer_name: 'Anil Deshpande',
            diagnoses: ['Gingivitis'],
            medicines: 2,
          },
          {
            id: uuid(962),
            prescribed_date: '2026-03-15',
            customer_name: 'Anil Deshpande',
            diagnoses: [],
            medicines: 1,
          },
        ],
      }),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);

    await user.click(screen.getByRole('button', { name: 'Earlier prescriptions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Earlier prescriptions' });
    expect(
      await within(dialog).findByText(
        'Enter the patient’s mobile number to see their earlier prescriptions.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9822000001');
    await user.click(screen.getByRole('button', { name: 'Earlier prescriptions' }));
    const list = await screen.findByRole('list', { name: 'Earlier prescriptions' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '02/10/2026 · 2 medicinesGingivitis',
      '15/03/2026 · 1 medicine',
    ]);
    expect(links[0]).toHaveAttribute('href', `/prescription/${uuid(961)}`);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(
      server
        .requests('GET /api/consultation-form/get-patient-prescriptions')[0]
        ?.url.searchParams.get('customer_mobile'),
    ).toBe('9822000001');
  });
});
