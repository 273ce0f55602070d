import { starterListMessages } from '@vaidya/contract/starter-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { starterLists } from './starter-list-definitions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const addStarterLists = (who: SignedInPartner) =>
  t.app.inject({ method: 'POST', url: '/api/masters/add-starter-lists', headers: who.headers });
const add = (who: SignedInPartner, slug: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/masters/add-${slug}`, headers: who.headers, payload });
/** Every record of one of the partner's masters, as the masters screen lists them. */
const list = async (who: SignedInPartner, plural: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/masters/get-${plural}?limit=100`,
      headers: who.headers,
    })
  ).json().data as { results: Record<string, unknown>[]; pagination: { total: number } };

const noneAdded = {
  complaints: 0,
  observations: 0,
  investigations: 0,
  diagnoses: 0,
  medicines: 0,
  templates: 0,
  treatments: 0,
};

describe('adding the starter lists from the masters screen', () => {
  it('a doctor gets the general lists beside her own entries, and asking again adds nothing', async () => {
    const doctor = await createSignedInPartner(t, { speciality_type: 'DOCTOR' });
    const neighbour = await createSignedInPartner(t, { speciality_type: 'DOCTOR' });
    await add(doctor, 'complaint', { complaintName: 'FEVER' });
    await add(doctor, 'treatment', { treatmentName: 'Consultation', price: 650, type: 'SERVICE' });

    const first = await addStarterLists(doctor);
    expect(first.statusCode).toBe(200);
    const general = starterLists.general;
    const counts = {
      complaints: general.complaints.length - 1,
      observations: general.observations.length,
      investigations: general.investigations.length,
      diagnoses: general.diagnoses.length,
      medicines: general.medicines.length,
      templates: general.templates.length,
      treatments: general.treatments.length - 1,
    };
    expect(first.json()).toEqual({ data: counts, message: starterListMessages.added(counts) });
    expect(first.json().message).toMatch(/^Starter lists added: \d+ complaints, \d+ observations, /);

    // Her own "FEVER" and her own consultation fee stay as she typed them.
    const complaintNames = (await list(doctor, 'complaints')).results.map((row) => row.complaint_name);
    expect(complaintNames).toContain('FEVER');
    expect(complaintNames).not.toContain('Fever');
    expect((await list(doctor, 'treatments')).results).toContainEqual(
      expect.objectContaining({ treatment_name: 'Consultation', price: 650, has_chart: false }),
    );

    const again = await addStarterLists(doctor);
    expect(again.json()).toEqual({ data: noneAdded, message: starterListMessages.added(noneAdded) });
    expect((await list(doctor, 'complaints')).pagination.total).toBe(general.complaints.length);
    expect((await list(neighbour, 'complaints')).pagination.total).toBe(0);
    expect((await list(neighbour, 'products')).pagination.total).toBe(0);
  });

  it('a template comes with its medicines in order, and one the clinic already has keeps its own', async () => {
    const dentist = await createSignedInPartner(t, { speciality_type: 'DENTIST' });
    const own = await add(dentist, 'product', { productName: 'Ketorolac 10', price: 40 });
    await add(dentist, 'product-template', {
      templateName: 'Root canal pain',
      productIds: [own.json().data.id],
    });

    const answer = await addStarterLists(dentist);
    expect(answer.json().data.templates).toBe(starterLists.dental.templates.length - 1);

    const templates = (await list(dentist, 'product-templates')).results as {
      template_name: string;
      medicines: { product_name: string }[];
    }[];
    const medicinesOf = (name: string) =>
      templates.find((template) => template.template_name === name)?.medicines.map((m) => m.product_name);
    expect(medicinesOf('Root canal pain')).toEqual(['Ketorolac 10']);
    expect(medicinesOf('After extraction')).toEqual(
      starterLists.dental.templates.find((template) => template.name === 'After extraction')?.medicines,
    );
  });

  it('a dentist’s treatments chart a tooth procedure, never a consultation', async () => {
    const dentist = await createSignedInPartner(t, { speciality_type: 'DENTIST' });
    await addStarterLists(dentist);
    const treatments = (await list(dentist, 'treatments')).results;
    expect(treatments).toContainEqual(
      expect.objectContaining({
        treatment_name: 'Consultation',
        dental_treatment_id: null,
        has_chart: false,
      }),
    );
    expect(treatments).toContainEqual(
      expect.objectContaining({ treatment_name: 'Root canal treatment (anterior)', has_chart: true }),
    );
    expect(treatments.filter((treatment) => treatment.has_chart).length).toBeGreaterThan(20);
  });

  it('needs a signed-in caller', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/masters/add-starter-lists' });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the dental treatment types', () => {
  it('include pulpotomy and the other common procedures, sorted by name, and no consultation', async () => {
    const dentist = await createSignedInPartner(t, { speciality_type: 'DENTIST' });
    const names = (
      await t.app.inject({
        method: 'GET',
        url: '/api/masters/get-dental-treatment-types',
        headers: dentist.headers,
      })
    )
      .json()
      .data.map((type: { treatment_name: string }) => type.treatment_name) as string[];
    expect(names).toEqual(
      expect.arrayContaining(['Pulpotomy', 'Pulpectomy', 'Root Canal Treatment', 'Crown']),
    );
    expect(names).not.toContain('Consultation');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
