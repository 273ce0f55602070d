import { billMessages } from '@vaidya/contract/bills';
import {
  type BillablePlanItem,
  type DentalChart,
  dentalMessages,
  type TreatmentPlan,
} from '@vaidya/contract/dental';
import type { TimelineItem } from '@vaidya/contract/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dentalTreatmentTypes } from '../../db/schema';
import {
  addPatient,
  addTreatment,
  createDentalClinic,
  dentalCaller,
  dentalTypeIds,
} from './dental-test-clinic';

// Treatment plans (issue 22): alternatives with exact totals, the one accepted, items done in
// sittings charting what they produce, each offered to a bill once, and what is billed and paid.
let t: TestApp;
let clinic: SignedInPartner;
let other: SignedInPartner;
const treatment = { filling: '', rootCanal: '', crown: '', extraction: '', implant: '', scaling: '' };
beforeAll(async () => {
  t = await createTestApp();
  clinic = await createDentalClinic(t);
  other = await createDentalClinic(t);
  treatment.filling = await addTreatment(t, clinic, 'Composite filling', dentalTypeIds.filling);
  treatment.rootCanal = await addTreatment(t, clinic, 'Root canal treatment', dentalTypeIds.rootCanal);
  treatment.crown = await addTreatment(t, clinic, 'Zirconia crown', dentalTypeIds.crown);
  treatment.extraction = await addTreatment(t, clinic, 'Extraction', dentalTypeIds.extraction);
  treatment.implant = await addTreatment(t, clinic, 'Implant', 9);
  treatment.scaling = await addTreatment(t, clinic, 'Scaling', dentalTypeIds.scaling);
});
afterAll(async () => {
  await t.close();
});

const call = dentalCaller(() => t);
let patients = 0;
/** A new patient of the clinic, each on a mobile of their own. */
const newPatient = () => {
  patients += 1;
  return addPatient(t, clinic, `Patient ${patients}`, `98220110${String(patients).padStart(2, '0')}`);
};
const mobileOf = (index: number) => `98220110${String(index).padStart(2, '0')}`;

const item = (treatmentId: string, changes: Record<string, unknown> = {}) => ({
  treatmentId,
  tooth: 36,
  surfaces: [],
  sitting: 1,
  price: 1000,
  taxPercentage: 0,
  ...changes,
});

async function addPlan(patientId: string, alternatives: Record<string, unknown>[], as = clinic) {
  const response = await call(as, 'POST', 'dental/add-plan', {
    patientId,
    locationId: as.locationId,
    title: 'Lower left molar',
    alternatives,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as TreatmentPlan;
}

async function change(path: string, payload: Record<string, unknown>, status = 200) {
  const response = await call(clinic, 'PUT', `dental/${path}`, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

async function plansOf(patientId: string) {
  const response = await call(clinic, 'GET', 'dental/get-plans', { patient_id: patientId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TreatmentPlan[];
}

async function billableOf(patientId: string) {
  const response = await call(clinic, 'GET', 'dental/get-billable-items', { patient_id: patientId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as BillablePlanItem[];
}

/** A bill of the patient (by name and mobile) with these lines. */
const addBill = (patientIndex: number, items: Record<string, unknown>[], amountPaid = 0) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bill/add-bill',
    headers: clinic.headers,
    payload: {
      locationId: clinic.locationId,
      customerName: `Patient ${patientIndex}`,
      customerMobile: mobileOf(patientIndex),
      items,
      amountPaid,
    },
  });

const planLine = (billable: BillablePlanItem) => ({
  treatmentId: billable.treatment_id,
  planItemId: billable.id,
  name: billable.treatment_name,
  quantity: 1,
  unitPrice: billable.price,
  taxPercentage: billable.tax_percentage,
});

describe('plan totals', () => {
  it('spreads the discount over the items in proportion and taxes each on its share, to the paisa', async () => {
    const patientId = await newPatient();
    const plan = await addPlan(patientId, [
      {
        title: 'Filling and crown',
        discount: 150,
        items: [
          item(treatment.crown, { price: 1000, taxPercentage: 18 }),
          item(treatment.filling, { tooth: 37, surfaces: ['O'], price: 500 }),
        ],
      },
      {
        title: 'Three parts',
        discount: 0.01,
        items: [
          item(treatment.filling, { price: 333.33, taxPercentage: 12 }),
          item(treatment.filling, { tooth: 37, price: 333.33, taxPercentage: 12 }),
          item(treatment.filling, { tooth: 38, price: 333.34, taxPercentage: 12 }),
        ],
      },
    ]);
    const [first, second] = plan.alternatives;
    // 150 over 1000 and 500: 100 and 50; 18% of 900 is 162.
    expect(first).toMatchObject({ subtotal: 1500, discount: 150, tax: 162, total: 1512 });
    expect(first?.items.map((entry) => [entry.discount, entry.tax, entry.total])).toEqual([
      [100, 162, 1062],
      [50, 0, 450],
    ]);
    // The odd paisa of the discount goes to the largest remainder (the third item); 12% of
    // 333.33 is 39.9996, rounded to 40.00 for each.
    expect(second).toMatchObject({ subtotal: 1000, discount: 0.01, tax: 120, total: 1119.99 });
    expect(second?.items.map((entry) => [entry.discount, entry.tax, entry.total])).toEqual([
      [0, 40, 373.33],
      [0, 40, 373.33],
      [0.01, 40, 373.33],
    ]);
    expect(plan).toMatchObject({
      status: 'proposed',
      accepted_alternative_id: null,
      billed: 0,
      paid: 0,
      left: 0,
    });
  });

  it('refuses a discount above an alternative’s amount and another clinic’s treatment', async () => {
    const patientId = await newPatient();
    const tooMuch = await call(clinic, 'POST', 'dental/add-plan', {
      patientId,
      locationId: clinic.locationId,
      title: 'Plan',
      alternatives: [{ title: 'One', discount: 1000.01, items: [item(treatment.filling)] }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(`alternatives.0.discount: ${dentalMessages.discountTooLarge}`);
    const theirs = await addTreatment(t, other, 'Their filling', dentalTypeIds.filling);
    const foreign = await call(clinic, 'POST', 'dental/add-plan', {
      patientId,
      locationId: clinic.locationId,
      title: 'Plan',
      alternatives: [{ title: 'One', items: [item(theirs)] }],
    });
    expect(foreign.statusCode).toBe(404);
    const tooth = await call(clinic, 'POST', 'dental/add-plan', {
      patientId,
      locationId: clinic.locationId,
      title: 'Plan',
      alternatives: [{ title: 'One', items: [item(treatment.filling, { tooth: 19 })] }],
    });
    expect(tooth.statusCode).toBe(400);
    expect(tooth.json().message).toBe(`alternatives.0.items.0.tooth: ${dentalMessages.invalidTooth}`);
    expect(await plansOf(patientId)).toEqual([]);
  });
});

describe('alternatives', () => {
  it('accepts a plan of one alternative as saved, and of several the one the patient chose', async () => {
    const patientId = await newPatient();
    const plain = await addPlan(patientId, [{ title: 'Filling', items: [item(treatment.filling)] }]);
    expect(plain).toMatchObject({ status: 'accepted', accepted_alternative_id: plain.alternatives[0]?.id });
    t.clock.advance(60_000);

    const offered = await addPlan(patientId, [
      { title: 'RCT and crown', items: [item(treatment.rootCanal), item(treatment.crown, { sitting: 2 })] },
      {
        title: 'Extraction and implant',
        items: [item(treatment.extraction), item(treatment.implant, { sitting: 2 })],
      },
    ]);
    const [keep, replace] = offered.alternatives;
    const early = await change(
      'complete-plan-items',
      { planId: offered.id, itemIds: [keep?.items[0]?.id] },
      409,
    );
    expect(early.message).toBe(dentalMessages.planNotAccepted);
    const otherPlans = await change(
      'accept-plan',
      { planId: offered.id, alternativeId: plain.alternatives[0]?.id },
      404,
    );
    expect(otherPlans.message).toBe(`${dentalMessages.recordLabels.alternative} not found`);

    const accepted = await change('accept-plan', { planId: offered.id, alternativeId: replace?.id });
    expect(accepted).toMatchObject({
      message: dentalMessages.planAccepted,
      data: { status: 'accepted', accepted_alternative_id: replace?.id },
    });
    // Only the accepted alternative's items can be done.
    const notChosen = await change(
      'complete-plan-items',
      { planId: offered.id, itemIds: [keep?.items[0]?.id] },
      409,
    );
    expect(notChosen.message).toBe(dentalMessages.itemNotInAcceptedAlternative);

    // Edited before any work: the alternatives are replaced and the choice asked again.
    const edited = await change('update-plan', {
      id: offered.id,
      title: 'Lower left molar, revised',
      validUntil: '2026-12-31',
      alternatives: [
        { title: 'RCT and crown', discount: 500, items: [item(treatment.rootCanal), item(treatment.crown)] },
        { title: 'Extraction', items: [item(treatment.extraction)] },
      ],
    });
    expect(edited.data).toMatchObject({
      title: 'Lower left molar, revised',
      valid_until: '2026-12-31',
      status: 'proposed',
      accepted_alternative_id: null,
    });
    expect(edited.data.alternatives.map((alternative: { total: number }) => alternative.total)).toEqual([
      1500, 1000,
    ]);
    expect((await plansOf(patientId)).map((plan) => plan.id)).toEqual([offered.id, plain.id]);
  });

  it('answers 404 for another clinic’s patient, plan and items', async () => {
    const patientId = await newPatient();
    const plan = await addPlan(patientId, [{ title: 'Filling', items: [item(treatment.filling)] }]);
    const asOther = (method: 'GET' | 'PUT', path: string, data: Record<string, unknown>) =>
      call(other, method, `dental/${path}`, data);
    expect((await asOther('GET', 'get-plans', { patient_id: patientId })).statusCode).toBe(404);
    expect((await asOther('GET', 'get-billable-items', { patient_id: patientId })).statusCode).toBe(404);
    const alternativeId = plan.alternatives[0]?.id;
    expect((await asOther('PUT', 'accept-plan', { planId: plan.id, alternativeId })).statusCode).toBe(404);
    const itemIds = [plan.alternatives[0]?.items[0]?.id];
    expect((await asOther('PUT', 'complete-plan-items', { planId: plan.id, itemIds })).statusCode).toBe(404);
    const update = {
      id: plan.id,
      title: 'Theirs',
      alternatives: [{ title: 'One', items: [item(treatment.filling)] }],
    };
    expect((await asOther('PUT', 'update-plan', update)).statusCode).toBe(404);
    expect((await plansOf(patientId))[0]?.alternatives[0]?.items[0]?.status).toBe('planned');
  });
});

describe('sittings, the chart and bills', () => {
  it('maps each seeded dental treatment type to the condition it produces', async () => {
    const rows = await t.database.db.select().from(dentalTreatmentTypes);
    const produces = Object.fromEntries(rows.map((row) => [row.treatment_name, row.produces_condition]));
    expect(produces).toMatchObject({
      Filling: 'filling',
      'Root Canal Treatment': 'root_canal_treated',
      Extraction: 'missing',
      'Surgical Extraction': 'missing',
      Crown: 'crown',
      Implant: 'implant',
      'Scaling and Polishing': null,
    });
  });

  it('charts completed items, offers each to a bill once, and tells what is billed, paid and left', async () => {
    const patientId = await newPatient();
    const patientIndex = patients;
    const plan = await addPlan(patientId, [
      {
        title: 'Two sittings',
        discount: 150,
        items: [
          item(treatment.rootCanal, { tooth: 46, surfaces: ['O'], price: 1000, taxPercentage: 18 }),
          item(treatment.filling, { tooth: 36, surfaces: ['M', 'O'], price: 500 }),
          item(treatment.scaling, { tooth: null, surfaces: [], price: 0 }),
          item(treatment.crown, { tooth: 46, sitting: 2, price: 0 }),
        ],
      },
    ]);
    const [rootCanal, filling, scaling, crown] = plan.alternatives[0]?.items ?? [];
    const done = await change('complete-plan-items', {
      planId: plan.id,
      itemIds: [rootCanal?.id, filling?.id, scaling?.id],
      sittingNote: 'Access opening and obturation on 46; composite on 36 MO. Next: crown preparation.',
    });
    expect(done.message).toBe(dentalMessages.itemsCompleted);
    const after = done.data as TreatmentPlan;
    expect(after.status).toBe('accepted');
    expect(after.alternatives[0]?.items.map((entry) => [entry.status, entry.completed_on])).toEqual([
      ['completed', '2026-11-02'],
      ['completed', '2026-11-02'],
      ['completed', '2026-11-02'],
      ['planned', null],
    ]);
    expect(after.sittings).toEqual([
      {
        sitting: 1,
        note: 'Access opening and obturation on 46; composite on 36 MO. Next: crown preparation.',
        completed_on: '2026-11-02',
        recorded_by_name: expect.stringMatching(/^Dr\. Test/),
      },
    ]);

    // The chart: a root canal of the whole tooth, a filling on the item's surfaces; scaling charts nothing.
    const chart = await call(clinic, 'GET', 'dental/get-chart', { patient_id: patientId });
    const findings = (chart.json().data as DentalChart).findings;
    expect(
      findings.map((finding) => [
        finding.tooth,
        finding.surfaces,
        finding.condition,
        finding.state,
        finding.plan_item_id,
      ]),
    ).toEqual([
      [36, ['M', 'O'], 'filling', 'completed', filling?.id],
      [46, [], 'root_canal_treated', 'completed', rootCanal?.id],
    ]);

    // Done once only, and nothing changes in a started plan.
    const twice = await change('complete-plan-items', { planId: plan.id, itemIds: [filling?.id] }, 409);
    expect(twice.message).toBe(dentalMessages.itemCompletedAlready('Composite filling'));
    const edit = {
      id: plan.id,
      title: 'Changed',
      alternatives: [{ title: 'One', items: [item(treatment.filling)] }],
    };
    expect((await change('update-plan', edit, 409)).message).toBe(dentalMessages.planStarted);
    const reaccept = { planId: plan.id, alternativeId: plan.alternatives[0]?.id };
    expect((await change('accept-plan', reaccept, 409)).message).toBe(dentalMessages.planStarted);

    // The bill is offered the completed items, with their discount shares.
    const billable = await billableOf(patientId);
    expect(billable.map((entry) => [entry.treatment_name, entry.tooth, entry.price, entry.discount])).toEqual(
      [
        ['Root canal treatment', 46, 1000, 100],
        ['Composite filling', 36, 500, 50],
        ['Scaling', null, 0, 0],
      ],
    );
    const [rootCanalLine, fillingLine] = billable;
    if (!rootCanalLine || !fillingLine) throw new Error('no billable items');

    // A crown not done yet cannot be billed; another patient cannot bill these.
    const notDone = await addBill(patientIndex, [{ ...planLine(rootCanalLine), planItemId: crown?.id }]);
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().message).toBe(billMessages.planItemNotCompleted('Zirconia crown'));
    await newPatient();
    const wrongPatient = await addBill(patients, [planLine(rootCanalLine)]);
    expect(wrongPatient.statusCode).toBe(404);
    expect(wrongPatient.json().message).toBe(`${billMessages.planItemRecordLabel} not found`);
    const sameTwice = await addBill(patientIndex, [planLine(rootCanalLine), planLine(rootCanalLine)]);
    expect(sameTwice.statusCode).toBe(409);

    // Bill the root canal (1000 + 18% = 1180) with a consultation of 500, and pay half.
    const billed = await addBill(
      patientIndex,
      [planLine(rootCanalLine), { name: 'Consultation', quantity: 1, unitPrice: 500 }],
      840,
    );
    expect(billed.statusCode, billed.body).toBe(201);
    const bill = billed.json().data;
    expect(bill.items[0]).toMatchObject({ plan_item_id: rootCanalLine.id, total: 1180 });
    expect((await billableOf(patientId)).map((entry) => entry.id)).toEqual([fillingLine.id, scaling?.id]);
    const again = await addBill(patientIndex, [planLine(rootCanalLine)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(billMessages.planItemBilled('Root canal treatment'));

    // Paid 840 of 1680, spread in proportion: the root canal's line has 590 of it; the plan's
    // total (1062 + 450) less that is left.
    const [current] = await plansOf(patientId);
    expect(current).toMatchObject({ billed: 1180, paid: 590, left: 1512 - 590 });
    expect(current?.alternatives[0]?.items.map((entry) => entry.bill_id)).toEqual([
      bill.id,
      null,
      null,
      null,
    ]);

    // Editing the bill keeps its own line; deleting it offers the item again.
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/bill/edit-bill',
      headers: clinic.headers,
      payload: {
        id: bill.id,
        locationId: clinic.locationId,
        customerName: `Patient ${patientIndex}`,
        customerMobile: mobileOf(patientIndex),
        items: [planLine(rootCanalLine)],
        amountPaid: 840,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await plansOf(patientId))[0]).toMatchObject({ billed: 1180, paid: 840 });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/bill/delete-bill',
      headers: clinic.headers,
      query: { id: bill.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await billableOf(patientId)).map((entry) => entry.id)).toEqual([
      rootCanalLine.id,
      fillingLine.id,
      scaling?.id,
    ]);
    expect((await plansOf(patientId))[0]).toMatchObject({ billed: 0, paid: 0 });
    const rebilled = await addBill(patientIndex, [planLine(rootCanalLine)]);
    expect(rebilled.statusCode, rebilled.body).toBe(201);

    // The last item done completes the plan; its sitting note is on the patient's timeline.
    t.clock.advance(60_000);
    const last = await change('complete-plan-items', {
      planId: plan.id,
      itemIds: [crown?.id],
      sittingNote: 'Crown cemented',
    });
    expect(last.data.status).toBe('completed');
    expect(last.data.sittings.map((sitting: { sitting: number }) => sitting.sitting)).toEqual([1, 2]);
    const timeline = await t.app.inject({
      method: 'GET',
      url: '/api/patient/get-timeline',
      headers: clinic.headers,
      query: { patient_id: patientId },
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const sittings = (timeline.json().data.results as TimelineItem[]).filter(
      (entry) => entry.type === 'sitting',
    );
    expect(sittings.map((entry) => [entry.plan_id, entry.sitting, entry.note, entry.date])).toEqual([
      [plan.id, 2, 'Crown cemented', '2026-11-02'],
      [
        plan.id,
        1,
        'Access opening and obturation on 46; composite on 36 MO. Next: crown preparation.',
        '2026-11-02',
      ],
    ]);
  });

  it('refuses another clinic’s plan item on a bill', async () => {
    const theirPatient = await addPatient(t, other, 'Patient 90', mobileOf(90));
    const theirFilling = await addTreatment(t, other, 'Filling', dentalTypeIds.filling);
    const plan = await addPlan(theirPatient, [{ title: 'Filling', items: [item(theirFilling)] }], other);
    const itemId = plan.alternatives[0]?.items[0]?.id;
    const done = await call(other, 'PUT', 'dental/complete-plan-items', {
      planId: plan.id,
      itemIds: [itemId],
    });
    expect(done.statusCode, done.body).toBe(200);
    const mine = await addBill(90, [{ name: 'Filling', quantity: 1, unitPrice: 1000, planItemId: itemId }]);
    expect(mine.statusCode).toBe(404);
  });
});
