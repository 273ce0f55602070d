import type { DentalChart, TreatmentPlan } from '@vaidya/contract/dental';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  addPatient,
  addTreatment,
  createDentalClinic,
  dentalCaller,
  dentalTypeIds,
} from './dental-test-clinic';

// A merge of two records of one patient (decision 042) moves the dental chart and plans too.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = dentalCaller(() => t);

describe('merging two records of a dentist’s patient', () => {
  it('moves the findings in their order, the plans with their sittings, and the mixed dentition', async () => {
    const clinic = await createDentalClinic(t);
    const keptId = await addPatient(t, clinic, 'Asha Verma', '9822011001');
    const mergedId = await addPatient(t, clinic, 'Asha Varma', '9822011002');
    const filling = await addTreatment(t, clinic, 'Composite filling', dentalTypeIds.filling);
    const send = async (method: 'POST' | 'PUT', path: string, payload: Record<string, unknown>) => {
      const response = await call(clinic, method, path, payload);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json().data;
    };
    await send('POST', 'dental/add-findings', {
      patientId: keptId,
      findings: [{ tooth: 36, surfaces: ['O'], condition: 'caries', state: 'existing' }],
    });
    await send('POST', 'dental/add-findings', {
      patientId: mergedId,
      findings: [{ tooth: 36, surfaces: ['O'], condition: 'filling', state: 'existing' }],
    });
    await send('PUT', 'dental/update-chart', { patientId: mergedId, mixedDentition: true });
    const plan: TreatmentPlan = await send('POST', 'dental/add-plan', {
      patientId: mergedId,
      locationId: clinic.locationId,
      title: 'Upper right',
      alternatives: [
        {
          title: 'Filling',
          discount: 0,
          items: [
            { treatmentId: filling, tooth: 16, surfaces: ['O'], sitting: 1, price: 1500, taxPercentage: 0 },
          ],
        },
      ],
    });
    const itemIds = plan.alternatives.flatMap((alternative) => alternative.items.map((item) => item.id));
    await send('PUT', 'dental/complete-plan-items', { planId: plan.id, itemIds, sittingNote: 'Done' });

    const merge = await t.app.inject({
      method: 'POST',
      url: '/api/patient/merge-patients',
      headers: clinic.headers,
      payload: { keepId: keptId, mergeId: mergedId },
    });
    expect(merge.statusCode, merge.body).toBe(200);

    const chart = await call(clinic, 'GET', 'dental/get-chart', { patient_id: keptId });
    const charted: DentalChart = chart.json().data;
    expect(charted.mixed_dentition).toBe(true);
    // The merged record's filling was recorded after the kept one's caries: it stands.
    expect(charted.findings.map((finding) => `${finding.tooth} ${finding.condition}`).sort()).toEqual([
      '16 filling',
      '36 filling',
    ]);
    const history = await call(clinic, 'GET', 'dental/get-chart', { patient_id: keptId, tooth: '36' });
    expect(history.json().data.findings.map((finding: { condition: string }) => finding.condition)).toEqual([
      'caries',
      'filling',
    ]);
    const plans = await call(clinic, 'GET', 'dental/get-plans', { patient_id: keptId });
    const moved: TreatmentPlan[] = plans.json().data;
    expect(moved.map((each) => [each.id, each.sittings.map((sitting) => sitting.note)])).toEqual([
      [plan.id, ['Done']],
    ]);
    const billable = await call(clinic, 'GET', 'dental/get-billable-items', { patient_id: keptId });
    expect(billable.json().data).toHaveLength(1);
  });
});
