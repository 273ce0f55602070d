import { masterMessages } from '@vaidya/contract/masters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The masters whose record is a name plus optional fields, each with a minimal valid payload. */
const masters = [
  {
    slug: 'complaint',
    plural: 'complaints',
    label: 'Complaint',
    duplicate: 'A complaint named VOMITING already exists',
    field: 'complaintName',
    name: 'complaint_name',
    idQuery: 'complaint_id',
    required: masterMessages.requiredFields,
    extra: {},
  },
  {
    slug: 'diagnosis',
    plural: 'diagnoses',
    label: 'Diagnosis',
    duplicate: 'A diagnosis named VOMITING already exists',
    field: 'diagnosisName',
    name: 'diagnosis_name',
    idQuery: 'diagnosis_id',
    required: masterMessages.requiredFields,
    extra: {},
  },
  {
    slug: 'investigation',
    plural: 'investigations',
    label: 'Investigation',
    duplicate: 'An investigation named VOMITING already exists',
    field: 'investigationName',
    name: 'investigation_name',
    idQuery: 'investigation_id',
    required: masterMessages.requiredFields,
    extra: {},
  },
  {
    slug: 'observation',
    plural: 'observations',
    label: 'Observation',
    duplicate: 'An observation named VOMITING already exists',
    field: 'observationName',
    name: 'observation_name',
    idQuery: 'observation_id',
    required: masterMessages.requiredFields,
    extra: {},
  },
  {
    slug: 'product',
    plural: 'products',
    label: 'Medicine',
    duplicate: 'A medicine named VOMITING already exists',
    field: 'productName',
    name: 'product_name',
    idQuery: 'product_id',
    required: masterMessages.medicineNameRequired,
    extra: { price: 40 },
  },
  {
    slug: 'treatment',
    plural: 'treatments',
    label: 'Treatment',
    duplicate: 'A treatment named VOMITING already exists',
    field: 'treatmentName',
    name: 'treatment_name',
    idQuery: 'treatment_id',
    required: masterMessages.treatmentNameRequired,
    extra: { type: 'SERVICE' },
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe.each(masters)('the $plural master', (m) => {
  const add = (who: SignedInPartner, name: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/masters/add-${m.slug}`,
      headers: who.headers,
      payload: { [m.field]: name, ...m.extra },
    });
  const list = (who: SignedInPartner, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/masters/get-${m.plural}${query}`, headers: who.headers });
  const names = async (who: SignedInPartner, query = '') =>
    (await list(who, query)).json().data.results.map((r: Record<string, string>) => r[m.name]);
  const addAll = async (who: SignedInPartner, ...items: string[]) => {
    const ids: string[] = [];
    for (const item of items) ids.push((await add(who, item)).json().data.id);
    return ids;
  };

  it(`a partner adds a ${m.slug}, trimmed, and is told so`, async () => {
    const clinic = await createSignedInPartner(t);
    const response = await add(clinic, '  Fever with chills ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      data: { id: expect.any(String), [m.name]: 'Fever with chills' },
      message: `${m.label} added successfully`,
    });
    expect(await names(clinic)).toEqual(['Fever with chills']);
  });

  it('lists by name, searches case-insensitively (a prefix for one or two letters) and pages', async () => {
    const clinic = await createSignedInPartner(t);
    await addAll(clinic, 'headache', 'Fever', 'Heel pain', 'Toothache');
    expect(await names(clinic)).toEqual(['Fever', 'headache', 'Heel pain', 'Toothache']);
    expect(await names(clinic, '?query=ACHE')).toEqual(['headache', 'Toothache']);
    expect(await names(clinic, '?query=he')).toEqual(['headache', 'Heel pain']);
    expect(await names(clinic, '?query=%20%20')).toHaveLength(4);
    expect(await names(clinic, '?query=50%25')).toEqual([]);
    const page = (await list(clinic, '?limit=3&page=2')).json().data;
    expect(page).toEqual({
      results: [expect.objectContaining({ [m.name]: 'Toothache' })],
      pagination: { total: 4, page: 2, limit: 3 },
    });
    expect((await list(clinic)).json().data.pagination).toEqual({ total: 4, page: 1, limit: 10 });
  });

  it('offers the best matches first: the whole name, names starting with it, words starting with it, the rest', async () => {
    const clinic = await createSignedInPartner(t);
    await addAll(
      clinic,
      'Amoxicillin 500',
      'Co-Amoxiclav',
      'Ambamox',
      'amoxicillin 250',
      'Aceclofenac',
      'Syrup (Amoxil)',
      'Amoxiclav',
      'Adult Amoxiclav',
    );
    const startsWithAmo = ['amoxicillin 250', 'Amoxicillin 500', 'Amoxiclav'];
    const wordStartsWithAmo = ['Adult Amoxiclav', 'Co-Amoxiclav', 'Syrup (Amoxil)'];
    expect(await names(clinic, '?query=amo')).toEqual([...startsWithAmo, ...wordStartsWithAmo, 'Ambamox']);
    // Ranked before paging: the second page goes on where the first stopped.
    expect(await names(clinic, '?query=AMO&limit=4&page=2')).toEqual([
      'Co-Amoxiclav',
      'Syrup (Amoxil)',
      'Ambamox',
    ]);
    expect(await names(clinic, '?query=amoxiclav')).toEqual(['Amoxiclav', 'Adult Amoxiclav', 'Co-Amoxiclav']);
    expect(await names(clinic, '?query=%20Amoxicillin%20500%20')).toEqual(['Amoxicillin 500']);
    // A bracket is only itself.
    expect(await names(clinic, '?query=(amox')).toEqual(['Syrup (Amoxil)']);
    // Without a search, alphabetically.
    expect(await names(clinic, '?limit=3')).toEqual(['Aceclofenac', 'Adult Amoxiclav', 'Ambamox']);
  });

  it.each([['0'], ['101'], ['ten']])('refuses limit=%s, naming the field', async (limit) => {
    const clinic = await createSignedInPartner(t);
    const response = await list(clinic, `?limit=${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^limit: /);
  });

  it('renames and deletes, saying so each time', async () => {
    const clinic = await createSignedInPartner(t);
    const [id] = await addAll(clinic, 'Cough');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/masters/update-${m.slug}`,
      headers: clinic.headers,
      payload: { id, [m.field]: 'Dry cough', ...m.extra },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      data: { id, [m.name]: 'Dry cough' },
      message: `${m.label} updated successfully`,
    });

    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/masters/delete-${m.slug}?${m.idQuery}=${id}`,
        headers: clinic.headers,
      });
    const deleted = await remove();
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      data: { id, [m.name]: 'Dry cough' },
      message: `${m.label} deleted successfully`,
    });
    expect(await names(clinic)).toEqual([]);
    expect((await remove()).json()).toEqual({ message: `${m.label} not found`, code: 'NOT_FOUND' });
  });

  it.each([[undefined], [''], ['   ']])('refuses the name %j with the spec’s message', async (name) => {
    const clinic = await createSignedInPartner(t);
    const response = await add(clinic, name);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: m.required, code: 'VALIDATION_FAILED' });
  });

  it('refuses a second one with the same name in any case, on add and on rename', async () => {
    const clinic = await createSignedInPartner(t);
    const [, otherId] = await addAll(clinic, 'Vomiting', 'Nausea');
    const duplicate = await add(clinic, 'VOMITING');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: m.duplicate, code: 'CONFLICT' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/masters/update-${m.slug}`,
      headers: clinic.headers,
      payload: { id: otherId, [m.field]: 'vomiting', ...m.extra },
    });
    expect(renamed.statusCode).toBe(409);
  });

  it('keeps each partner’s list to itself', async () => {
    const { a, b } = await createTwoPartners(t);
    const [id] = await addAll(a, 'Giddiness');
    expect((await add(b, 'Giddiness')).statusCode).toBe(201);
    expect((await list(b)).json().data.results).not.toContainEqual(expect.objectContaining({ id }));
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/masters/update-${m.slug}`,
      headers: b.headers,
      payload: { id, [m.field]: 'Taken over', ...m.extra },
    });
    expect(update.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/masters/delete-${m.slug}?${m.idQuery}=${id}`,
      headers: b.headers,
    });
    expect(remove.statusCode).toBe(404);
    expect(await names(a)).toEqual(['Giddiness']);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/masters/get-${m.plural}` })).statusCode).toBe(401);
  });
});
