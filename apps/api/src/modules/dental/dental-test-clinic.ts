import { eq } from 'drizzle-orm';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import type { TestApp } from '../../../test/test-app';
import { partners, treatments } from '../../db/schema';

/**
 * What the dental tests start from: a dentist's clinic with a patient, and treatments of the
 * seeded dental types (ids of migration 0002), and the dental calls as its signed-in user.
 */

/** The seeded dental treatment types the tests' treatments chart as. */
export const dentalTypeIds = { scaling: 2, filling: 3, rootCanal: 4, extraction: 5, crown: 7 } as const;

export async function createDentalClinic(t: TestApp, speciality: 'DENTIST' | 'DOCTOR' = 'DENTIST') {
  const clinic = await createSignedInPartner(t);
  await t.database.db
    .update(partners)
    .set({ speciality_type: speciality })
    .where(eq(partners.id, clinic.partnerId));
  return clinic;
}

/** A patient of the clinic's registry, by its own call. */
export async function addPatient(t: TestApp, clinic: SignedInPartner, name: string, mobile: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/patient/add-patient',
    headers: clinic.headers,
    payload: { name, mobile },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data.id as string;
}

/** A treatment of the clinic's master, charted as a seeded dental type (or none). */
export async function addTreatment(
  t: TestApp,
  clinic: SignedInPartner,
  name: string,
  dentalTypeId: number | null,
): Promise<string> {
  const [row] = await t.database.db
    .insert(treatments)
    .values({
      partner_id: clinic.partnerId,
      treatment_name: name,
      price: '1000',
      dental_treatment_id: dentalTypeId,
    })
    .returning({ id: treatments.id });
  return row?.id as string;
}

/** A call to `/api/<path>` as the clinic's user: GET with `data` as the query, the others as the body. */
export const dentalCaller =
  (app: () => TestApp) =>
  (clinic: SignedInPartner, method: 'GET' | 'POST' | 'PUT', path: string, data: Record<string, unknown>) =>
    app().app.inject({
      method,
      url: `/api/${path}`,
      headers: clinic.headers,
      ...(method === 'GET' ? { query: data as Record<string, string> } : { payload: data }),
    });
