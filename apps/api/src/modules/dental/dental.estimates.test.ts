import { clinicDate } from '@vaidya/contract/calendar-dates';
import { dentalMessages, type TreatmentPlan } from '@vaidya/contract/dental';
import { whatsAppSendMessages } from '@vaidya/contract/documents';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { WhatsAppTemplateMessage } from '../../adapters/messaging/whatsapp';
import { partners, treatmentPlans } from '../../db/schema';
import {
  addPatient,
  addTreatment,
  createDentalClinic,
  dentalCaller,
  dentalTypeIds,
} from './dental-test-clinic';

// A treatment plan's estimate on WhatsApp (issue 22), as a prescription goes: to the patient's
// mobile on record with the estimate template and the link to its page, which anyone holding
// the link reads without signing in.
let t: TestApp;
let clinic: SignedInPartner;
let other: SignedInPartner;
let patientId: string;
let filling: string;
const handed: WhatsAppTemplateMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({
    whatsapp: {
      send: async (message) => {
        handed.push(message);
        return { status: 'recorded' };
      },
    },
  });
  clinic = await createDentalClinic(t);
  other = await createDentalClinic(t);
  await t.database.db
    .update(partners)
    .set({ name: 'Smile Dental', time_zone: 'Asia/Kolkata' })
    .where(eq(partners.id, clinic.partnerId));
  patientId = await addPatient(t, clinic, 'Asha Verma', '9822011001');
  filling = await addTreatment(t, clinic, 'Composite filling', dentalTypeIds.filling);
});
afterAll(async () => {
  await t.close();
});

const call = dentalCaller(() => t);

async function addPlan(): Promise<TreatmentPlan> {
  const response = await call(clinic, 'POST', 'dental/add-plan', {
    patientId,
    locationId: clinic.locationId,
    title: 'Lower left molar',
    validUntil: '2026-12-31',
    alternatives: [
      {
        title: 'Filling',
        discount: 100,
        items: [
          { treatmentId: filling, tooth: 36, surfaces: ['O'], sitting: 1, price: 1000, taxPercentage: 18 },
        ],
      },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('sending an estimate: POST /api/dental/send-plan-message', () => {
  it('sends the estimate template with its link to the plan’s patient’s mobile, and lists it', async () => {
    const plan = await addPlan();
    const sent = await call(clinic, 'POST', 'dental/send-plan-message', { planId: plan.id });
    expect(sent.statusCode, sent.body).toBe(200);
    const date = clinicDate(plan.created_at, 'Asia/Kolkata');
    expect(sent.json()).toMatchObject({
      message: whatsAppSendMessages.notSent,
      data: {
        recipient: '9822011001',
        status: 'recorded',
        body: `Treatment estimate for Asha Verma from Smile Dental, ${date}: /estimate/${plan.id}`,
      },
    });
    expect(handed.at(-1)).toEqual({
      to: '9822011001',
      template: 'estimate',
      bodyParameters: ['Asha Verma', 'Smile Dental', date],
      linkSuffix: plan.id,
    });
    const listed = await call(clinic, 'GET', 'dental/get-plan-messages', { id: plan.id });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([sent.json().data]);
  });

  it('answers 404 for another clinic’s plan, and 403 to a clinic that is not a dentist’s', async () => {
    const plan = await addPlan();
    const before = handed.length;
    for (const response of [
      await call(other, 'POST', 'dental/send-plan-message', { planId: plan.id }),
      await call(other, 'GET', 'dental/get-plan-messages', { id: plan.id }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`${dentalMessages.recordLabels.plan} not found`);
    }
    await t.database.db
      .update(partners)
      .set({ speciality_type: 'DOCTOR' })
      .where(eq(partners.id, clinic.partnerId));
    const refused = await call(clinic, 'POST', 'dental/send-plan-message', { planId: plan.id });
    await t.database.db
      .update(partners)
      .set({ speciality_type: 'DENTIST' })
      .where(eq(partners.id, clinic.partnerId));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: dentalMessages.notDentist, code: 'FORBIDDEN' });
    expect(handed.length).toBe(before);
  });

  it('refuses 409 a plan saved before plans named their location, sending nothing', async () => {
    const plan = await addPlan();
    await t.database.db
      .update(treatmentPlans)
      .set({ location_id: null })
      .where(eq(treatmentPlans.id, plan.id));
    const before = handed.length;
    const refused = await call(clinic, 'POST', 'dental/send-plan-message', { planId: plan.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: dentalMessages.planWithoutLocation, code: 'CONFLICT' });
    expect(handed.length).toBe(before);
    expect((await call(clinic, 'GET', 'dental/get-plan-messages', { id: plan.id })).statusCode).toBe(409);
  });

  it('requires the location a new plan is made at, the clinic’s own', async () => {
    const base = {
      patientId,
      title: 'Plan',
      alternatives: [{ title: 'One', items: [{ treatmentId: filling, sitting: 1, price: 100 }] }],
    };
    const missing = await call(clinic, 'POST', 'dental/add-plan', base);
    expect(missing.statusCode).toBe(400);
    const foreign = await call(clinic, 'POST', 'dental/add-plan', { ...base, locationId: other.locationId });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the public estimate: GET /api/public/estimate/:id', () => {
  it('shows what the estimate prints, no record of the clinic’s, and 404 for an unknown id', async () => {
    const plan = await addPlan();
    const response = await t.app.inject({ method: 'GET', url: `/api/public/estimate/${plan.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.plan).toMatchObject({
      id: plan.id,
      title: 'Lower left molar',
      valid_until: '2026-12-31',
      created_at: plan.created_at,
      accepted_alternative_id: plan.accepted_alternative_id,
    });
    expect(data.plan.alternatives).toHaveLength(1);
    expect(data.plan.alternatives[0]).toMatchObject({ subtotal: 1000, discount: 100, tax: 162, total: 1062 });
    expect(Object.keys(data.plan.alternatives[0].items[0]).sort()).toEqual([
      'discount',
      'id',
      'price',
      'sitting',
      'surfaces',
      'tax',
      'tax_percentage',
      'tooth',
      'total',
      'treatment_name',
    ]);
    expect(data.patient).toEqual({ name: 'Asha Verma', patient_number: expect.any(String) });
    expect(data.partner).toEqual({
      name: 'Smile Dental',
      speciality: 'DENTIST',
      consultation_form_header_url: null,
      time_zone: 'Asia/Kolkata',
      tooth_numbering: 'FDI',
    });
    expect(Object.keys(data.location).sort()).toEqual(['address', 'contact_no', 'location_name']);
    expect(JSON.stringify(data)).not.toContain('9822011001');
    const unknown = await t.app.inject({ method: 'GET', url: `/api/public/estimate/${crypto.randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
  });
});
