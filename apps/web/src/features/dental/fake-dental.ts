import type { DentalFinding, PlanAlternative, PlanItem, TreatmentPlan } from '@vaidya/contract/dental';
import { uuid } from '../../testing/fake-masters';
import { fakePatient } from '../../testing/fake-patients';
import { sushrutDental } from '../../testing/fake-server';

/*
 * The dental tests' patient, clinic, findings and plans (the tests' own helpers, as
 * src/testing holds the app's): numbered so each test names the records it means.
 */

export const asha = fakePatient(12, 'Asha Kulkarni');

/** The demo clinic as a dentist's, numbering teeth the FDI way. */
export const dentalClinic = { ...sushrutDental, tooth_numbering: 'FDI', print_dental_chart: false } as const;

/** Asha's finding `n` (recorded n minutes past the hour), a caries of the whole of 36 unless given. */
export const fakeFinding = (n: number, overrides: Partial<DentalFinding> = {}): DentalFinding => ({
  id: uuid(5000 + n),
  patient_id: asha.id,
  tooth: 36,
  surfaces: [],
  condition: 'caries',
  state: 'existing',
  material: null,
  mobility_grade: null,
  note: null,
  recorded_on: '2026-11-20',
  recorded_by_name: 'Dr Sushrut Kulkarni',
  created_at: `2026-11-20T05:${String(n).padStart(2, '0')}:00.000Z`,
  voided_at: null,
  voided_by_name: null,
  plan_item_id: null,
  ...overrides,
});

/** A plan's item `n`, a root canal treatment of 36 in the first sitting unless given. */
export const fakePlanItem = (n: number, overrides: Partial<PlanItem> = {}): PlanItem => ({
  id: uuid(6000 + n),
  treatment_id: uuid(7000 + n),
  treatment_name: 'Root canal treatment',
  tooth: 36,
  surfaces: [],
  sitting: 1,
  price: 4500,
  tax_percentage: 0,
  discount: 0,
  tax: 0,
  total: 4500,
  status: 'planned',
  completed_on: null,
  bill_id: null,
  ...overrides,
});

/** An alternative of the items, without discount or tax unless given. */
export const fakeAlternative = (
  n: number,
  title: string,
  items: PlanItem[],
  overrides: Partial<PlanAlternative> = {},
): PlanAlternative => {
  const subtotal = items.reduce((all, each) => all + each.price, 0);
  return { id: uuid(8000 + n), title, discount: 0, subtotal, tax: 0, total: subtotal, items, ...overrides };
};

/** Asha's plan for her lower left molar, proposed and valid to the year's end unless given. */
export const fakePlan = (overrides: Partial<TreatmentPlan> = {}): TreatmentPlan => ({
  id: uuid(9001),
  patient_id: asha.id,
  title: 'Lower left molar',
  status: 'proposed',
  valid_until: '2026-12-31',
  created_at: '2026-11-20T05:00:00.000Z',
  accepted_alternative_id: null,
  alternatives: [],
  billed: 0,
  paid: 0,
  left: 0,
  sittings: [],
  ...overrides,
});
