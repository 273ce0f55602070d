import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicEstimate, TreatmentPlan } from '@vaidya/contract/dental';
import { estimateWords } from '@vaidya/contract/dental-screens';
import { type OutboxMessage, whatsAppSendMessages } from '@vaidya/contract/documents';
import { documentPageTexts, prescriptionMessagesTexts } from '@vaidya/contract/prescription-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import {
  answer,
  fakeServer,
  type Handler,
  inTurn,
  kothrud,
  storeSignedInSession,
} from '../../testing/fake-server';
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

/** The plan as the public call answers it, for the clinic's page and the patient's alike. */
const publicEstimate: PublicEstimate = {
  plan: {
    id: estimatePlan.id,
    title: estimatePlan.title,
    valid_until: estimatePlan.valid_until,
    created_at: estimatePlan.created_at,
    accepted_alternative_id: estimatePlan.accepted_alternative_id,
    alternatives: estimatePlan.alternatives.map((alternative) => ({
      ...alternative,
      items: alternative.items.map(
        ({ treatment_id: _t, status: _s, completed_on: _c, bill_id: _b, ...printed }) => printed,
      ),
    })),
  },
  patient: { name: asha.name, patient_number: asha.patient_number },
  location: {
    location_name: kothrud.location_name,
    address: kothrud.address,
    contact_no: kothrud.contact_no,
  },
  partner: {
    name: dentalClinic.name,
    speciality: 'DENTIST',
    consultation_form_header_url: null,
    time_zone: 'Asia/Kolkata',
    tooth_numbering: 'FDI',
  },
};

const kept: OutboxMessage = {
  id: uuid(9501),
  recipient: asha.mobile,
  status: 'recorded',
  error: null,
  body: 'Treatment estimate',
  created_at: '2026-11-21T05:00:00.000Z',
};

function estimateServer(extra: Record<string, Handler> = {}) {
  return fakeServer({
    [`GET /api/public/estimate/${estimatePlan.id}`]: answer({ data: publicEstimate }),
    'GET /api/dental/get-plan-messages': inTurn(answer({ data: [] }), answer({ data: [kept] })),
    ...extra,
  });
}

function openEstimate(planId = estimatePlan.id) {
  storeSignedInSession();
  const server = estimateServer();
  renderApp(`/dashboard/patients/${asha.id}/plans/${planId}/estimate`);
  return server;
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

  it('sends the estimate on WhatsApp, naming only the plan, and lists the message kept', async () => {
    storeSignedInSession();
    const server = estimateServer({
      'POST /api/dental/send-plan-message': answer({ data: kept, message: whatsAppSendMessages.notSent }),
    });
    renderApp(`/dashboard/patients/${asha.id}/plans/${estimatePlan.id}/estimate`);
    const messages = await screen.findByRole(
      'region',
      { name: prescriptionMessagesTexts.title },
      { timeout: 10_000 },
    );
    expect(await within(messages).findByText(prescriptionMessagesTexts.empty)).toBeVisible();
    expect(within(messages).getByText(estimateWords.messagesDescription)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: documentPageTexts.sendWhatsApp }));
    expect(await screen.findByText(whatsAppSendMessages.notSent)).toBeVisible();
    expect(await within(messages).findByText('Kept in the outbox (WhatsApp not set up)')).toBeVisible();
    expect(within(messages).getByText(`To ${asha.mobile}`)).toBeVisible();
    expect(server.requests('POST /api/dental/send-plan-message')[0]?.body).toEqual({
      planId: estimatePlan.id,
    });
    expect(server.requests('GET /api/dental/get-plan-messages')[0]?.url.searchParams.get('id')).toBe(
      estimatePlan.id,
    );
  });

  it('says so when there is no such plan', async () => {
    openEstimate(uuid(9999));
    expect(
      await screen.findByRole('heading', { name: 'This treatment plan was not found' }, { timeout: 10_000 }),
    ).toBeVisible();
  });
});

describe('the patient’s estimate page /estimate/:id', () => {
  beforeAll(async () => {
    await import('./estimate-view-page');
  });

  it('shows the estimate without sign-in, with Print and nothing to send', async () => {
    const server = estimateServer();
    renderApp(`/estimate/${estimatePlan.id}`);
    const sheet = await screen.findByRole('article', { name: 'Treatment estimate' }, { timeout: 10_000 });
    expect(within(sheet).getByRole('heading', { level: 1, name: 'Sushrut Dental Clinic' })).toBeVisible();
    expect(within(sheet).getByRole('region', { name: 'Patient' })).toHaveTextContent('Asha Kulkarni');
    expect(within(sheet).getByText('Estimated total')).toBeVisible();
    expect(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Print' })).toBeVisible();
    expect(screen.queryByRole('button', { name: documentPageTexts.sendWhatsApp })).toBeNull();
    expect(server.requests('GET /api/dental/get-plan-messages')).toHaveLength(0);
    expect(
      server.requests(`GET /api/public/estimate/${estimatePlan.id}`)[0]?.headers.get('authorization'),
    ).toBeNull();
  });
});
