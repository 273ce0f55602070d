import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DentalFinding, PlanItem } from '@vaidya/contract/dental';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import { fakePatients } from '../../testing/fake-patients';
import {
  answer,
  fakeServer,
  type Handler,
  inTurn,
  kothrud,
  storeSignedInSession,
} from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';
import { asha, dentalClinic, fakeAlternative, fakeFinding, fakePlan, fakePlanItem } from './fake-dental';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  // The patient page is another feature's: the router loads it, as it does on arrival.
  await Promise.all([
    loadRoutes(`/dashboard/patients/${asha.id}/dental`),
    import('./components/chart-section'),
    import('./components/treatment-plans'),
    import('./components/finding-menu'),
    import('./components/plan-builder'),
  ]);
});

const chartOf = (findings: DentalFinding[]) => ({
  data: { patient_id: asha.id, mixed_dentition: false, tooth_numbering: 'FDI', findings },
});

const rootCanalThenCrown = fakeAlternative(1, 'Save the tooth', [
  fakePlanItem(1),
  fakePlanItem(2, { treatment_name: 'Ceramic crown', price: 8000, total: 8000, sitting: 2 }),
]);
const extractionThenImplant = fakeAlternative(2, 'Replace the tooth', [
  fakePlanItem(3, { treatment_name: 'Extraction', price: 1500, total: 1500 }),
  fakePlanItem(4, { treatment_name: 'Implant', price: 30000, total: 30000, sitting: 2 }),
]);

function openDentalTab(routes: Record<string, Handler> = {}) {
  storeSignedInSession();
  const server = fakeServer({
    ...fakePatients([asha]),
    'GET /api/get-partner-details': answer({ data: dentalClinic }),
    'GET /api/dental/get-chart': answer(chartOf([])),
    'GET /api/dental/get-plans': answer({ data: [] }),
    ...routes,
  });
  renderApp(`/dashboard/patients/${asha.id}/dental`);
  return server;
}

const chartButton = (name: string) => screen.findByRole('button', { name }, firstAppearance);

describe('the Dental tab of a patient’s page', () => {
  it('is a tab of a dental clinic’s patient page, beside the history', async () => {
    const user = userEvent.setup();
    openDentalTab({ 'GET /api/dental/get-chart': answer(chartOf([fakeFinding(1, { surfaces: ['O'] })])) });
    expect(await chartButton('Tooth 36 occlusal: Caries, existing')).toBeInTheDocument();
    const views = screen.getByRole('navigation', { name: 'Patient views' });
    expect(within(views).getByRole('link', { name: 'Dental' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Treatment plans' })).toBeVisible();
    expect(screen.getByText(/No treatment plans yet/)).toBeVisible();

    await user.click(within(views).getByRole('link', { name: 'History' }));
    expect(await screen.findByRole('tab', { name: 'Timeline' }, firstAppearance)).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Dental chart' })).toBeNull();
  });

  it('is not there for a clinic of another speciality, whose calls the API would refuse', async () => {
    storeSignedInSession();
    const server = fakeServer({
      ...fakePatients([asha]),
      'GET /api/get-partner-details': answer({ data: { ...dentalClinic, speciality_type: 'DOCTOR' } }),
    });
    renderApp(`/dashboard/patients/${asha.id}/dental`);
    expect(await screen.findByRole('tab', { name: 'Timeline' }, firstAppearance)).toBeVisible();
    // The owner's views are the history and the audit (issue 23), no Dental.
    expect(screen.queryByRole('link', { name: 'Dental' })).toBeNull();
    expect(server.requests('GET /api/dental/get-chart')).toHaveLength(0);
  });

  it('says when the chart could not be fetched, and fetches it again on Retry', async () => {
    const user = userEvent.setup();
    openDentalTab({
      'GET /api/dental/get-chart': inTurn(
        answer({ message: 'Internal error', code: 'INTERNAL' }, 500),
        answer({ message: 'Internal error', code: 'INTERNAL' }, 500),
        answer(chartOf([])),
      ),
    });
    expect(await screen.findByText('Failed to fetch the dental chart', {}, firstAppearance)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await chartButton('Tooth 36')).toBeInTheDocument();
    expect(screen.getByText(/Nothing charted yet/)).toBeVisible();
  });
});

describe('the finding menu', () => {
  it('records a filling on a surface as a new entry, with its material and state', async () => {
    const user = userEvent.setup();
    const saved = fakeFinding(2, {
      surfaces: ['O'],
      condition: 'filling',
      state: 'completed',
      material: 'Composite',
    });
    let chart: DentalFinding[] = [];
    const server = openDentalTab({
      'GET /api/dental/get-chart': ({ url }) =>
        Response.json(chartOf(url.searchParams.has('tooth') ? [] : chart)),
      'POST /api/dental/add-findings': () => {
        chart = [saved];
        return Response.json({ data: [saved], message: 'Findings saved successfully' }, { status: 201 });
      },
    });
    await user.click(await chartButton('Tooth 36 occlusal'));
    const menu = await screen.findByRole('dialog', { name: 'Tooth 36' });
    expect(within(menu).getByRole('checkbox', { name: 'O (occlusal)' })).toBeChecked();
    expect(await within(menu).findByText('Nothing recorded on this tooth yet')).toBeVisible();
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Condition' }), 'Filling');
    await user.type(within(menu).getByRole('textbox', { name: 'Material' }), 'Composite');
    await user.click(within(menu).getByRole('radio', { name: 'Completed' }));
    await user.click(within(menu).getByRole('button', { name: 'Save finding' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests('POST /api/dental/add-findings')[0]?.body).toEqual({
      patientId: asha.id,
      findings: [
        { tooth: 36, surfaces: ['O'], condition: 'filling', state: 'completed', material: 'Composite' },
      ],
    });
    expect(await screen.findByText('Findings saved successfully')).toBeVisible();
    expect(await chartButton('Tooth 36 occlusal: Filling, completed')).toBeInTheDocument();
  });

  it('asks a mobility’s grade and names no surface for a whole-tooth condition, in the contract’s words', async () => {
    const user = userEvent.setup();
    const server = openDentalTab({
      'POST /api/dental/add-findings': answer({ data: [], message: 'Findings saved successfully' }, 201),
    });
    await user.click(await chartButton('Tooth 41 incisal'));
    const menu = await screen.findByRole('dialog', { name: 'Tooth 41' });
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Condition' }), 'Mobility');
    expect(within(menu).getByRole('checkbox', { name: 'I (incisal)' })).toBeDisabled();
    expect(within(menu).getByText('This condition is of the whole tooth: name no surface')).toBeVisible();
    await user.click(within(menu).getByRole('button', { name: 'Save finding' }));
    expect(await within(menu).findByText('Mobility grade is required for mobility')).toBeVisible();
    expect(server.requests('POST /api/dental/add-findings')).toHaveLength(0);

    await user.selectOptions(within(menu).getByRole('combobox', { name: /Mobility grade/ }), 'Grade 2');
    await user.click(within(menu).getByRole('button', { name: 'Save finding' }));
    await waitFor(() => expect(server.requests('POST /api/dental/add-findings')).toHaveLength(1));
    expect(server.requests('POST /api/dental/add-findings')[0]?.body).toEqual({
      patientId: asha.id,
      findings: [{ tooth: 41, surfaces: [], condition: 'mobility', state: 'existing', mobilityGrade: 2 }],
    });
  });

  it('shows the tooth’s history oldest first, and marks an entry entered in error, striking it through', async () => {
    const user = userEvent.setup();
    const caries = fakeFinding(1, {
      surfaces: ['O'],
      voided_at: '2026-11-21T05:00:00.000Z',
      voided_by_name: 'Dr Sushrut Kulkarni',
    });
    const filling = fakeFinding(2, {
      surfaces: ['O', 'M'],
      condition: 'filling',
      state: 'completed',
      material: 'Amalgam',
    });
    const voidedFilling = {
      ...filling,
      voided_at: '2026-11-22T05:00:00.000Z',
      voided_by_name: 'Meera Joshi',
    };
    const history = inTurn(answer(chartOf([caries, filling])), answer(chartOf([caries, voidedFilling])));
    const server = openDentalTab({
      'GET /api/dental/get-chart': ({ url, ...request }) =>
        url.searchParams.get('tooth') === '36'
          ? history({ url, ...request })
          : answer(chartOf([filling]))({ url, ...request }),
      'PUT /api/dental/void-finding': answer({
        data: voidedFilling,
        message: 'Finding marked as entered in error',
      }),
    });
    await user.click(await chartButton('Tooth 36: O filling, completed; M filling, completed'));
    const menu = await screen.findByRole('dialog', { name: 'Tooth 36' });
    const entries = within(
      await within(menu).findByRole('list', { name: 'History of this tooth' }),
    ).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Caries, existing · O');
    expect(entries[0]).toHaveTextContent('Entered in error (marked by Dr Sushrut Kulkarni)');
    expect(entries[1]).toHaveTextContent('Filling, completed · O, M');
    expect(entries[1]).toHaveTextContent('20/11/2026 · Dr Sushrut Kulkarni · Material: Amalgam');
    expect(within(entries[0] as HTMLElement).getByText('Caries, existing · O').tagName).toBe('S');
    // A voided entry cannot be voided again.
    expect(within(entries[0] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(
      within(menu).getByRole('button', { name: 'Entered in error: Filling, completed · O, M of 20/11/2026' }),
    );
    expect(server.requests('PUT /api/dental/void-finding')[0]?.body).toEqual({ findingId: filling.id });
    expect(await screen.findByText('Finding marked as entered in error')).toBeVisible();
    await waitFor(() => expect(within(menu).getByText('Filling, completed · O, M').tagName).toBe('S'));
    expect(within(menu).getByText('Entered in error (marked by Meera Joshi)')).toBeVisible();
  });
});

describe('the treatment plans', () => {
  // Some fifty keystrokes and clicks through MUI's fields: slow on a busy machine.
  it('builds a plan of treatments from the master, its totals following every change, and saves it', {
    timeout: 90_000,
  }, async () => {
    const user = userEvent.setup();
    const treatments = [
      {
        id: uuid(7001),
        treatment_name: 'Root canal treatment',
        price: 4500,
        type: 'SERVICE',
        dental_treatment_id: 3,
        has_chart: true,
      },
      {
        id: uuid(7002),
        treatment_name: 'Ceramic crown',
        price: 8000,
        type: 'SERVICE',
        dental_treatment_id: 4,
        has_chart: true,
      },
    ];
    const saved = fakePlan({ alternatives: [rootCanalThenCrown] });
    const server = openDentalTab({
      'GET /api/masters/get-treatments': ({ url }) =>
        Response.json({
          data: {
            results: treatments.filter((treatment) =>
              treatment.treatment_name
                .toLowerCase()
                .includes((url.searchParams.get('query') ?? '').toLowerCase()),
            ),
            pagination: { total: 2, page: 1, limit: 20 },
          },
        }),
      'POST /api/dental/add-plan': answer({ data: saved, message: 'Treatment plan saved successfully' }, 201),
      'GET /api/dental/get-plans': inTurn(answer({ data: [] }), answer({ data: [saved] })),
    });
    await user.click(await screen.findByRole('button', { name: 'New plan' }, firstAppearance));
    const builder = await screen.findByRole('dialog', { name: 'New treatment plan' });
    await user.type(within(builder).getByRole('textbox', { name: 'Plan title' }), 'Lower left molar');

    const pick = async (name: string) => {
      await user.click(within(builder).getByRole('combobox', { name: 'Add treatment' }));
      await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
    };
    await pick('Root canal treatment');
    await pick('Ceramic crown');
    const crown = within(builder).getByRole('listitem', { name: 'Ceramic crown' });
    const rootCanal = within(builder).getByRole('listitem', { name: 'Root canal treatment' });
    await user.selectOptions(within(rootCanal).getByRole('combobox', { name: 'Tooth' }), '36');
    await user.click(within(rootCanal).getByRole('button', { name: 'M' }));
    await user.selectOptions(within(crown).getByRole('combobox', { name: 'Tooth' }), '36');
    await user.clear(within(crown).getByRole('textbox', { name: 'Sitting' }));
    await user.type(within(crown).getByRole('textbox', { name: 'Sitting' }), '2');
    await user.clear(within(crown).getByRole('textbox', { name: 'Tax %' }));
    await user.type(within(crown).getByRole('textbox', { name: 'Tax %' }), '18');
    await user.type(within(builder).getByRole('textbox', { name: 'Discount (₹)' }), '500');

    // ₹500 off ₹12,500 is spread ₹180 and ₹320; the crown's 18% is on ₹7,680: ₹1,382.40.
    expect(within(builder).getByRole('region', { name: 'Alternative 1' })).toHaveTextContent(
      'Subtotal₹12,500.00Discount₹500.00Tax₹1,382.40Total₹13,382.40',
    );

    await user.click(within(builder).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The plan is made at the location the dashboard works at, as a bill is.
    expect(server.requests('POST /api/dental/add-plan')[0]?.body).toEqual({
      patientId: asha.id,
      locationId: kothrud.id,
      title: 'Lower left molar',
      validUntil: null,
      alternatives: [
        {
          title: 'Option A',
          discount: 500,
          items: [
            {
              treatmentId: uuid(7001),
              tooth: 36,
              surfaces: ['M'],
              sitting: 1,
              price: 4500,
              taxPercentage: 0,
            },
            { treatmentId: uuid(7002), tooth: 36, surfaces: [], sitting: 2, price: 8000, taxPercentage: 18 },
          ],
        },
      ],
    });
    expect(await screen.findByText('Treatment plan saved successfully')).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Lower left molar' })).toBeVisible();
  });

  it('refuses a plan without treatments, in the contract’s words, without sending it', async () => {
    const user = userEvent.setup();
    const server = openDentalTab();
    await user.click(await screen.findByRole('button', { name: 'New plan' }, firstAppearance));
    const builder = await screen.findByRole('dialog', { name: 'New treatment plan' });
    await user.click(within(builder).getByRole('button', { name: 'Add alternative' }));
    expect(within(builder).getAllByRole('region', { name: /^Alternative / })).toHaveLength(2);
    await user.click(within(builder).getByRole('button', { name: 'Save plan' }));
    expect(within(builder).getByText('Plan title is required')).toBeVisible();
    expect(within(builder).getAllByText('An alternative needs at least one treatment')).toHaveLength(2);
    expect(server.requests('POST /api/dental/add-plan')).toHaveLength(0);
  });

  it('edits a plan while no work on it is done, replacing it whole', async () => {
    const user = userEvent.setup();
    const proposed = fakePlan({ alternatives: [rootCanalThenCrown] });
    const renamed = { ...proposed, title: 'Lower left first molar' };
    const server = openDentalTab({
      'GET /api/dental/get-plans': inTurn(answer({ data: [proposed] }), answer({ data: [renamed] })),
      'PUT /api/dental/update-plan': answer({
        data: renamed,
        message: 'Treatment plan updated successfully',
      }),
    });
    const card = await screen.findByRole('article', { name: 'Lower left molar' }, firstAppearance);
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const builder = await screen.findByRole('dialog', { name: 'Edit treatment plan' });
    expect(within(builder).getByRole('region', { name: 'Alternative 1' })).toHaveTextContent(
      'Total₹12,500.00',
    );
    const title = within(builder).getByRole('textbox', { name: 'Plan title' });
    await user.clear(title);
    await user.type(title, 'Lower left first molar');
    await user.click(within(builder).getByRole('button', { name: 'Save plan' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests('PUT /api/dental/update-plan')[0]?.body).toEqual({
      id: proposed.id,
      title: 'Lower left first molar',
      validUntil: '2026-12-31',
      alternatives: [
        {
          title: 'Save the tooth',
          discount: 0,
          items: rootCanalThenCrown.items.map((each) => ({
            treatmentId: each.treatment_id,
            tooth: 36,
            surfaces: [],
            sitting: each.sitting,
            price: each.price,
            taxPercentage: 0,
          })),
        },
      ],
    });
    expect(await screen.findByRole('article', { name: 'Lower left first molar' })).toBeVisible();
  });

  it('offers a proposed plan’s alternatives side by side, and accepts the one the patient chose', async () => {
    const user = userEvent.setup();
    const proposed = fakePlan({ alternatives: [rootCanalThenCrown, extractionThenImplant] });
    const accepted = {
      ...proposed,
      status: 'accepted' as const,
      accepted_alternative_id: extractionThenImplant.id,
    };
    const server = openDentalTab({
      'GET /api/dental/get-plans': inTurn(answer({ data: [proposed] }), answer({ data: [accepted] })),
      'PUT /api/dental/accept-plan': answer({ data: accepted, message: 'Treatment plan accepted' }),
    });
    const card = await screen.findByRole('article', { name: 'Lower left molar' }, firstAppearance);
    expect(within(card).getByText('Proposed')).toBeVisible();
    expect(within(card).getByRole('region', { name: 'Save the tooth' })).toHaveTextContent('Total₹12,500.00');
    expect(within(card).getByRole('region', { name: 'Replace the tooth' })).toHaveTextContent(
      'Total₹31,500.00',
    );
    expect(within(card).queryByRole('button', { name: 'Complete sitting' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Accept Replace the tooth' }));
    expect(server.requests('PUT /api/dental/accept-plan')[0]?.body).toEqual({
      planId: proposed.id,
      alternativeId: extractionThenImplant.id,
    });
    expect(await within(card).findByText('Accepted')).toBeVisible();
    expect(within(card).queryByRole('region', { name: 'Save the tooth' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Complete sitting' })).toBeVisible();
  });

  it('completes a sitting’s items with its note: the first open sitting’s are ticked', async () => {
    const user = userEvent.setup();
    const accepted = fakePlan({
      status: 'accepted',
      alternatives: [rootCanalThenCrown],
      accepted_alternative_id: rootCanalThenCrown.id,
      left: 12500,
    });
    const [rootCanal, crown] = rootCanalThenCrown.items as [PlanItem, PlanItem];
    const afterSitting = {
      ...accepted,
      alternatives: [
        {
          ...rootCanalThenCrown,
          items: [{ ...rootCanal, status: 'completed' as const, completed_on: '2026-11-26' }, crown],
        },
      ],
      sittings: [
        {
          sitting: 1,
          note: 'Canals cleaned and filled',
          completed_on: '2026-11-26',
          recorded_by_name: 'Dr Sushrut Kulkarni',
        },
      ],
    };
    const server = openDentalTab({
      'GET /api/dental/get-plans': inTurn(answer({ data: [accepted] }), answer({ data: [afterSitting] })),
      'PUT /api/dental/complete-plan-items': answer({
        data: afterSitting,
        message: 'Sitting recorded successfully',
      }),
    });
    const card = await screen.findByRole('article', { name: 'Lower left molar' }, firstAppearance);
    expect(card).toHaveTextContent('Billed₹0.00Paid₹0.00Left to pay₹12,500.00');
    await user.click(within(card).getByRole('button', { name: 'Complete sitting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete sitting' });
    const rootCanalBox = within(dialog).getByRole('checkbox', {
      name: 'Sitting 1 · Root canal treatment · Tooth 36',
    });
    const crownBox = within(dialog).getByRole('checkbox', { name: 'Sitting 2 · Ceramic crown · Tooth 36' });
    expect(rootCanalBox).toBeChecked();
    expect(crownBox).not.toBeChecked();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Sitting note' }),
      'Canals cleaned and filled',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests('PUT /api/dental/complete-plan-items')[0]?.body).toEqual({
      planId: accepted.id,
      itemIds: [rootCanal.id],
      sittingNote: 'Canals cleaned and filled',
    });
    expect(await within(card).findByText('Completed 26/11/2026')).toBeVisible();
    expect(within(card).getByText('Not billed')).toBeVisible();
    expect(within(card).getByText(/Canals cleaned and filled/)).toBeVisible();
    // The chart is asked again: the sitting's work is charted.
    expect(server.requests('GET /api/dental/get-chart').length).toBeGreaterThan(1);
  });
});
