import { screen, within } from '@testing-library/react';
import type { TreatmentPlan } from '@vaidya/contract/dental';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import { fakePatients } from '../../testing/fake-patients';
import { answer, fakeServer, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { asha, dentalClinic, fakePlanItem } from './fake-dental';

beforeAll(async () => {
  await import('./estimate-page');
});

const estimatePlan: TreatmentPlan = {
  id: uuid(9001),
  patient_id: asha.id,
  title: 'Lower left molar',
  status: 'accepted',
  valid_until: '2026-12-31',
  created_at: '2026-11-20T05:00:00.000Z',
  accepted_alternative_id: uuid(8001),
  alternatives: [
    {
      id: uuid(8001),
      title: 'Save the tooth',
      discount: 500,
      subtotal: 12500,
      tax: 1382.4,
      total: 13382.4,
      items: [
        fakePlanItem(1, { surfaces: ['M', 'O'], discount: 180, total: 4320 }),
        fakePlanItem(2, {
          treatment_name: 'Ceramic crown',
          surfaces: [],
          sitting: 2,
          price: 8000,
          tax_percentage: 18,
          discount: 320,
          tax: 1382.4,
          total: 9062.4,
        }),
      ],
    },
  ],
  billed: 0,
  paid: 0,
  left: 13382.4,
  sittings: [],
};

function openEstimate(planId = estimatePlan.id) {
  storeSignedInSession();
  fakeServer({
    ...fakePatients([asha]),
    'GET /api/get-partner-details': answer({ data: dentalClinic }),
    'GET /api/dental/get-plans': answer({ data: [estimatePlan] }),
  });
  renderApp(`/dashboard/patients/${asha.id}/plans/${planId}/estimate`);
}

describe('a treatment plan’s estimate', () => {
  it('prints the clinic, the patient, the items by sitting, the total and how long it holds, with Print', async () => {
    openEstimate();
    const sheet = await screen.findByRole('article', { name: 'Treatment estimate' }, { timeout: 10_000 });
    expect(within(sheet).getByRole('heading', { level: 1, name: 'Sushrut Dental Clinic' })).toBeVisible();
    expect(within(sheet).getByText('12 Karve Road, Kothrud, Pune 411038')).toBeVisible();
    const patient = within(sheet).getByRole('region', { name: 'Patient' });
    expect(patient).toHaveTextContent('Asha Kulkarni');
    expect(patient).toHaveTextContent('Date: 20/11/2026');
    expect(patient).toHaveTextContent('Valid until: 31/12/2026');
    const rows = within(sheet)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'TreatmentToothPriceTaxTotal',
      'Sitting 1',
      'Root canal treatmentTooth 36 (M, O)₹4,500.00₹0.00₹4,320.00',
      'Sitting 2',
      'Ceramic crownTooth 36₹8,000.00₹1,382.40 (18%)₹9,062.40',
      'Subtotal₹12,500.00',
      'Discount−₹500.00',
      'Tax₹1,382.40',
      'Estimated total₹13,382.40',
    ]);
    const toolbar = screen.getByRole('toolbar');
    expect(within(toolbar).getByRole('button', { name: 'Print' })).toBeVisible();
    expect(within(toolbar).getByRole('link', { name: 'Back to the patient' })).toHaveAttribute(
      'href',
      `/dashboard/patients/${asha.id}/dental`,
    );
    expect(document.title).toBe('Treatment estimate · Vaidya');
  });

  it('says so when the plan is not the patient’s', async () => {
    openEstimate(uuid(9999));
    expect(
      await screen.findByRole('heading', { name: 'This treatment plan was not found' }, { timeout: 10_000 }),
    ).toBeVisible();
  });
});
