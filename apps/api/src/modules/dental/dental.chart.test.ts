import {
  type DentalChart,
  type DentalFinding,
  dentalEndpoints,
  dentalMessages,
} from '@vaidya/contract/dental';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dentalFindings } from '../../db/schema';
import { addPatient, createDentalClinic, dentalCaller } from './dental-test-clinic';

// The dental chart (issue 22): findings are only ever added; the chart shows the latest
// standing one per tooth and surface; a tooth's history keeps every entry; voiding keeps it.
// The test clock starts at 2026-11-02T04:30Z: Monday 2 November, 10:00 in India.
let t: TestApp;
let clinic: SignedInPartner;
let other: SignedInPartner;
let patientId: string;
beforeAll(async () => {
  t = await createTestApp();
  clinic = await createDentalClinic(t);
  other = await createDentalClinic(t);
  patientId = await addPatient(t, clinic, 'Asha Verma', '9822011001');
});
afterAll(async () => {
  await t.close();
});

const call = dentalCaller(() => t);
const aDay = 24 * 60 * 60 * 1000;

async function addFindings(patient: string, findings: Record<string, unknown>[], as = clinic) {
  const response = await call(as, 'POST', 'dental/add-findings', { patientId: patient, findings });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as DentalFinding[];
}

async function chartOf(query: Record<string, string | number>, as = clinic) {
  const response = await call(as, 'GET', 'dental/get-chart', { patient_id: patientId, ...query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as DentalChart;
}

/** The chart's findings as "tooth surfaces condition" lines, in the order answered. */
const described = (findings: DentalFinding[]) =>
  findings.map((finding) => `${finding.tooth} ${finding.surfaces.join('') || '-'} ${finding.condition}`);

describe('findings', () => {
  it('keeps every entry of a tooth, oldest first, and shows the latest per surface', async () => {
    const patient = await addPatient(t, clinic, 'Ravi Kulkarni', '9822011002');
    const [caries] = await addFindings(patient, [
      { tooth: 36, surfaces: ['M', 'O'], condition: 'caries', state: 'existing' },
    ]);
    expect(caries).toMatchObject({
      tooth: 36,
      surfaces: ['M', 'O'],
      state: 'existing',
      recorded_on: '2026-11-02',
      recorded_by_name: expect.stringMatching(/^Dr\. Test/),
      voided_at: null,
      plan_item_id: null,
    });
    t.clock.advance(60_000);
    await addFindings(patient, [
      { tooth: 36, surfaces: ['O'], condition: 'filling', state: 'completed', material: 'Composite' },
      { tooth: 11, surfaces: [], condition: 'crown', state: 'existing' },
      { tooth: 11, surfaces: ['M'], condition: 'fracture', state: 'existing' },
      { tooth: 47, condition: 'mobility', state: 'existing', mobilityGrade: 2 },
    ]);

    const history = await chartOf({ patient_id: patient, tooth: 36 });
    expect(described(history.findings)).toEqual(['36 MO caries', '36 O filling']);
    expect(history.findings[1]).toMatchObject({ material: 'Composite', state: 'completed' });

    // The caries still stands on M (its O is filled since); a whole-tooth crown and a surface
    // fracture of one tooth are both current, under their own keys.
    const chart = await chartOf({ patient_id: patient });
    expect(described(chart.findings)).toEqual([
      '11 - crown',
      '11 M fracture',
      '36 MO caries',
      '36 O filling',
      '47 - mobility',
    ]);
    expect(chart.findings.find((finding) => finding.tooth === 47)?.mobility_grade).toBe(2);
    expect(chart).toMatchObject({ mixed_dentition: false, tooth_numbering: 'FDI' });

    // A second change of the same surface: the newest wins; every entry stays in the history.
    t.clock.advance(60_000);
    await addFindings(patient, [
      { tooth: 36, surfaces: ['M', 'O', 'D'], condition: 'filling', state: 'planned' },
    ]);
    expect(described((await chartOf({ patient_id: patient, tooth: 36 })).findings)).toEqual([
      '36 MO caries',
      '36 O filling',
      '36 MOD filling',
    ]);
  });

  it('marks a mistaken entry entered in error: kept in the history, no longer current, once', async () => {
    const patient = await addPatient(t, clinic, 'Meera Joshi', '9822011003');
    const [caries] = await addFindings(patient, [
      { tooth: 26, surfaces: ['D'], condition: 'caries', state: 'existing' },
    ]);
    t.clock.advance(60_000);
    const [mistake] = await addFindings(patient, [
      { tooth: 26, surfaces: ['D'], condition: 'filling', state: 'existing' },
    ]);
    const voided = await call(clinic, 'PUT', 'dental/void-finding', { findingId: mistake?.id });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      message: dentalMessages.findingVoided,
      data: { id: mistake?.id, voided_by_name: expect.stringMatching(/^Dr\. Test/) },
    });

    const chart = await chartOf({ patient_id: patient });
    expect(chart.findings.map((finding) => finding.id)).toEqual([caries?.id]);
    const history = await chartOf({ patient_id: patient, tooth: 26 });
    expect(history.findings.map((finding) => [finding.id, finding.voided_at !== null])).toEqual([
      [caries?.id, false],
      [mistake?.id, true],
    ]);

    const again = await call(clinic, 'PUT', 'dental/void-finding', { findingId: mistake?.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(dentalMessages.findingVoidedAlready);
    // Nothing is ever deleted.
    const rows = await t.database.db.select().from(dentalFindings);
    expect(rows.filter((row) => row.patient_id === patient)).toHaveLength(2);
  });

  it('answers the chart as it stood at the end of a date: later entries and later voids left out', async () => {
    const patient = await addPatient(t, clinic, 'Kiran Patil', '9822011004');
    const [first] = await addFindings(patient, [
      { tooth: 14, surfaces: [], condition: 'missing', state: 'existing' },
    ]);
    // Recorded the day before (the clock cannot move a day on without ending the session).
    const day = '2026-11-01';
    await t.database.db
      .update(dentalFindings)
      .set({ recorded_on: day, created_at: new Date(t.clock.now().getTime() - aDay) })
      .where(eq(dentalFindings.id, first?.id as string));
    t.clock.advance(60_000);
    await addFindings(patient, [{ tooth: 15, surfaces: ['O'], condition: 'caries', state: 'existing' }]);
    await call(clinic, 'PUT', 'dental/void-finding', { findingId: first?.id });

    expect(described((await chartOf({ patient_id: patient })).findings)).toEqual(['15 O caries']);
    const then = await chartOf({ patient_id: patient, as_of: day });
    expect(described(then.findings)).toEqual(['14 - missing']);
    expect(then.findings[0]?.voided_at).toBeNull();
    const toothThen = await chartOf({ patient_id: patient, tooth: 14, as_of: day });
    expect(toothThen.findings.map((finding) => finding.voided_at)).toEqual([null]);
    const toothNow = await chartOf({ patient_id: patient, tooth: 14 });
    expect(toothNow.findings[0]?.voided_at).not.toBeNull();
    expect((await chartOf({ patient_id: patient, as_of: '2026-10-31' })).findings).toEqual([]);
  });

  it('refuses a tooth, surface or condition that is not one, naming the field', async () => {
    const refused = async (finding: Record<string, unknown>, field: string) => {
      const response = await call(clinic, 'POST', 'dental/add-findings', {
        patientId,
        findings: [{ tooth: 16, surfaces: [], condition: 'caries', state: 'existing' }, finding],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    };
    await refused({ tooth: 19, surfaces: [], condition: 'caries', state: 'existing' }, 'findings.1.tooth');
    await refused({ tooth: 56, surfaces: [], condition: 'caries', state: 'existing' }, 'findings.1.tooth');
    await refused(
      { tooth: 16, surfaces: ['X'], condition: 'caries', state: 'existing' },
      'findings.1.surfaces.0',
    );
    await refused(
      { tooth: 16, surfaces: ['M', 'M'], condition: 'caries', state: 'existing' },
      'findings.1.surfaces',
    );
    await refused(
      { tooth: 16, surfaces: [], condition: 'bruised', state: 'existing' },
      'findings.1.condition',
    );
    await refused({ tooth: 16, surfaces: [], condition: 'caries', state: 'done' }, 'findings.1.state');
    await refused(
      { tooth: 16, surfaces: ['O'], condition: 'missing', state: 'existing' },
      'findings.1.surfaces',
    );
    await refused(
      { tooth: 16, surfaces: [], condition: 'mobility', state: 'existing' },
      'findings.1.mobilityGrade',
    );
    await refused(
      { tooth: 16, condition: 'mobility', state: 'existing', mobilityGrade: 4 },
      'findings.1.mobilityGrade',
    );
    await refused({ tooth: 16, condition: 'other', state: 'existing' }, 'findings.1.note');
    await refused(
      { tooth: 16, condition: 'crown', state: 'existing', material: 'Zirconia' },
      'findings.1.material',
    );
    const tooth = await call(clinic, 'GET', 'dental/get-chart', { patient_id: patientId, tooth: '19' });
    expect(tooth.statusCode).toBe(400);
    expect(tooth.json().message).toBe(`tooth: ${dentalMessages.invalidTooth}`);
    expect((await chartOf({})).findings).toEqual([]);
  });

  it('switches mixed dentition per patient', async () => {
    const response = await call(clinic, 'PUT', 'dental/update-chart', { patientId, mixedDentition: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.mixed_dentition).toBe(true);
    expect((await chartOf({})).mixed_dentition).toBe(true);
    await call(clinic, 'PUT', 'dental/update-chart', { patientId, mixedDentition: false });
    expect((await chartOf({})).mixed_dentition).toBe(false);
  });

  it('numbers teeth as the clinic chose and prints the chart when it chooses, through Settings', async () => {
    const details = (changes: Record<string, unknown>) =>
      call(clinic, 'PUT', 'v2/edit-partner-details', {
        name: 'Smile Dental',
        specialityType: 'DENTIST',
        ...changes,
      });
    const saved = await details({ toothNumbering: 'UNIVERSAL', printDentalChart: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ tooth_numbering: 'UNIVERSAL', print_dental_chart: true });
    expect((await chartOf({})).tooth_numbering).toBe('UNIVERSAL');
    // Absent keeps them.
    expect((await details({})).json().data).toMatchObject({
      tooth_numbering: 'UNIVERSAL',
      print_dental_chart: true,
    });
    expect((await details({ toothNumbering: 'PALMER' })).statusCode).toBe(400);
    await details({ toothNumbering: 'FDI', printDentalChart: false });
  });
});

describe('who may chart', () => {
  it('refuses every dental call of a clinic that is not a dentist’s, with a message', async () => {
    const doctor = await createDentalClinic(t, 'DOCTOR');
    const own = await addPatient(t, doctor, 'Asha Verma', '9822011001');
    const someId = crypto.randomUUID();
    // The patient's estimate page is public: it asks no clinic anything.
    const requests: Record<
      Exclude<keyof typeof dentalEndpoints, 'publicEstimate'>,
      Record<string, unknown>
    > = {
      chart: { patient_id: own },
      addFindings: {
        patientId: own,
        findings: [{ tooth: 16, surfaces: [], condition: 'caries', state: 'existing' }],
      },
      voidFinding: { findingId: someId },
      updateChart: { patientId: own, mixedDentition: true },
      plans: { patient_id: own },
      addPlan: {
        patientId: own,
        locationId: doctor.locationId,
        title: 'Plan',
        alternatives: [{ title: 'One', items: [{ treatmentId: someId, sitting: 1, price: 100 }] }],
      },
      updatePlan: {
        id: someId,
        title: 'Plan',
        alternatives: [{ title: 'One', items: [{ treatmentId: someId, sitting: 1, price: 100 }] }],
      },
      acceptPlan: { planId: someId, alternativeId: someId },
      completeItems: { planId: someId, itemIds: [someId] },
      billableItems: { patient_id: own },
      sendPlanMessage: { planId: someId },
      planMessages: { id: someId },
    };
    for (const [name, data] of Object.entries(requests)) {
      const definition = dentalEndpoints[name as keyof typeof dentalEndpoints];
      const response = await call(doctor, definition.method as 'GET', definition.path.slice(1), data);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      expect(response.json()).toEqual({ message: dentalMessages.notDentist, code: 'FORBIDDEN' });
    }
  });

  it('answers 404 for another clinic’s patient and finding', async () => {
    const [finding] = await addFindings(patientId, [
      { tooth: 21, surfaces: [], condition: 'sound', state: 'existing' },
    ]);
    const chart = await call(other, 'GET', 'dental/get-chart', { patient_id: patientId });
    expect(chart.statusCode).toBe(404);
    const added = await call(other, 'POST', 'dental/add-findings', {
      patientId,
      findings: [{ tooth: 21, surfaces: [], condition: 'caries', state: 'existing' }],
    });
    expect(added.statusCode).toBe(404);
    const voided = await call(other, 'PUT', 'dental/void-finding', { findingId: finding?.id });
    expect(voided.statusCode).toBe(404);
    expect(voided.json().message).toBe(`${dentalMessages.recordLabels.finding} not found`);
    const mixed = await call(other, 'PUT', 'dental/update-chart', { patientId, mixedDentition: true });
    expect(mixed.statusCode).toBe(404);
    expect((await chartOf({})).findings.map((entry) => entry.condition)).toEqual(['sound']);
  });
});
