import { type ConsultationFormBody, consultationFormBody } from '@vaidya/contract/consultation-forms';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { consultationForms, patients, slots } from '../db/schema';
import { createFormEditingService } from '../modules/consultation-forms/consultation-forms.editing.service';
import { createPatientsService } from '../modules/patients/patients.service';

const medicine = (
  product_name: string,
  dosage: Omit<NonNullable<ConsultationFormBody['products']>[number], 'product_name'>,
) => ({ product_name, ...dosage });

/** What the demo doctor wrote at a few visits: names from the clinic's own lists, so they link to its masters. */
const demoVisits: Pick<
  ConsultationFormBody,
  'metrics' | 'complaints' | 'observations' | 'diagnoses' | 'investigations' | 'treatments' | 'products'
>[] = [
  {
    metrics: [
      { type: 'BP', value: '128/84' },
      { type: 'Pulse', value: '78' },
    ],
    complaints: [{ complaint_name: 'Toothache' }, { complaint_name: 'Sensitivity to cold' }],
    observations: [{ observation_name: 'Deep caries' }, { observation_name: 'Tender on percussion' }],
    diagnoses: [{ diagnosis_name: 'Irreversible pulpitis' }],
    investigations: [{ investigation_name: 'IOPA X-ray' }],
    treatments: [
      {
        treatment_name: 'Root canal treatment (molar)',
        tooth_number: 36,
        operations: [{ operation_name: 'Access opening' }, { operation_name: 'Cleaning and shaping' }],
      },
    ],
    products: [
      medicine('Amoxicillin 500', {
        composition: 'Amoxicillin 500 mg',
        dosage_qty: '1 capsule',
        is_morning: true,
        is_afternoon: true,
        is_evening: true,
        days: 5,
        instructions: 'After meal',
      }),
      medicine('Ibuprofen 400', {
        composition: 'Ibuprofen 400 mg',
        dosage_qty: '1 tablet',
        is_morning: true,
        is_evening: true,
        days: 3,
        instructions: 'After meal',
      }),
      medicine('Pantoprazole 40', {
        composition: 'Pantoprazole 40 mg',
        dosage_qty: '1 tablet',
        is_morning: true,
        days: 5,
        instructions: 'Before meal',
      }),
    ],
  },
  {
    metrics: [{ type: 'BP', value: '118/76' }],
    complaints: [{ complaint_name: 'Bleeding gums' }, { complaint_name: 'Bad breath' }],
    observations: [
      { observation_name: 'Calculus and stains' },
      { observation_name: 'Gingival inflammation' },
    ],
    diagnoses: [{ diagnosis_name: 'Gingivitis' }],
    treatments: [{ treatment_name: 'Scaling and polishing', operations: [] }],
    products: [
      medicine('Chlorhexidine Mouthwash', {
        composition: 'Chlorhexidine gluconate 0.2% w/v',
        dosage_qty: '10 ml rinse',
        is_morning: true,
        is_evening: true,
        days: 7,
        instructions: 'After meal',
      }),
      medicine('Metronidazole 400', {
        composition: 'Metronidazole 400 mg',
        dosage_qty: '1 tablet',
        is_morning: true,
        is_afternoon: true,
        is_evening: true,
        days: 5,
        instructions: 'After meal',
      }),
    ],
  },
  {
    metrics: [
      { type: 'Temperature', value: '99.1 °F' },
      { type: 'Pulse', value: '84' },
    ],
    complaints: [{ complaint_name: 'Jaw pain' }, { complaint_name: 'Difficulty in opening mouth' }],
    observations: [{ observation_name: 'Impacted third molar' }],
    diagnoses: [{ diagnosis_name: 'Pericoronitis' }],
    investigations: [{ investigation_name: 'OPG (Orthopantomogram)' }],
    products: [
      medicine('Amoxicillin + Clavulanic Acid 625', {
        composition: 'Amoxicillin 500 mg + Clavulanic acid 125 mg',
        dosage_qty: '1 tablet',
        is_morning: true,
        is_evening: true,
        days: 5,
        instructions: 'After meal',
      }),
      medicine('Ketorolac 10', {
        composition: 'Ketorolac tromethamine 10 mg',
        dosage_qty: '1 tablet',
        is_sos: true,
        days: 3,
        instructions: 'After meal',
      }),
    ],
  },
];

/** How many of the past bookings get a prescription. */
const prescribedVisits = 6;

/**
 * Prescriptions for the demo clinic's first past visits, written through the same
 * service as the editor's (so the masters, snapshot and versions are as real), each
 * dated and timed at its visit. Only a clinic without any form gets them, so seeding
 * again adds nothing and the demo user's deletions stay deleted.
 */
export async function seedDemoPrescriptions(
  tx: Db,
  demo: { partnerId: string; ownerId: string },
): Promise<void> {
  const [existing] = await tx
    .select({ forms: count() })
    .from(consultationForms)
    .where(eq(consultationForms.partner_id, demo.partnerId));
  if ((existing?.forms ?? 0) > 0) return;
  const visits = await tx
    .select({
      slotId: slots.id,
      date: slots.date,
      endTime: slots.end_time,
      name: patients.name,
      mobile: patients.mobile,
    })
    .from(slots)
    .innerJoin(patients, eq(patients.id, slots.patient_id))
    .where(and(eq(slots.partner_id, demo.partnerId), eq(slots.status, 'completed')))
    .orderBy(asc(slots.date), asc(slots.start_time), asc(slots.id))
    .limit(prescribedVisits);
  for (const [index, visit] of visits.entries()) {
    // Written as the visit ended, in the clinic's zone (Pune).
    const writtenAt = new Date(`${visit.date}T${visit.endTime}+05:30`);
    const clock = () => writtenAt;
    const editing = createFormEditingService({
      db: tx,
      clock,
      patients: createPatientsService({ db: tx, clock }),
    });
    await editing.addForm({
      caller: { partnerId: demo.partnerId, userId: demo.ownerId },
      payload: consultationFormBody.parse({
        slotId: visit.slotId,
        customerName: visit.name,
        customerAge: 24 + ((index * 7) % 40),
        customerGender: index % 2 === 0 ? 'female' : 'male',
        customerMobile: visit.mobile,
        ...demoVisits[index % demoVisits.length],
      }),
    });
  }
}
