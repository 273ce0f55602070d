import { masterMessages } from '@vaidya/contract/masters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (
  who: SignedInPartner,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api/masters/${url}`, headers: who.headers, payload });

async function addMedicines(who: SignedInPartner, ...names: string[]) {
  const ids: string[] = [];
  for (const productName of names)
    ids.push((await call(who, 'POST', 'add-product', { productName })).json().data.id);
  return ids;
}

const medicineNames = (medicines: { product_name: string }[]) => medicines.map((m) => m.product_name);

describe('medicine templates', () => {
  it('a doctor saves a fever template of two medicines, in the order picked, and edits it', async () => {
    const clinic = await createSignedInPartner(t);
    const [paracetamol, cetirizine, ors] = await addMedicines(
      clinic,
      'Paracetamol 650',
      'Cetirizine 10',
      'ORS sachet',
    );
    const added = await call(clinic, 'POST', 'add-product-template', {
      templateName: 'Viral fever',
      productIds: [cetirizine, paracetamol],
    });
    expect(added.statusCode).toBe(201);
    const { data, message } = added.json();
    expect(message).toBe('Template added successfully');
    expect(data.template_name).toBe('Viral fever');
    expect(medicineNames(data.medicines)).toEqual(['Cetirizine 10', 'Paracetamol 650']);
    expect(data.medicines[0]).toMatchObject({ id: cetirizine, price: null, is_morning: false });

    const ofTemplate = await call(clinic, 'GET', `get-products-of-template?template_id=${data.id}`);
    expect(medicineNames(ofTemplate.json().data)).toEqual(['Cetirizine 10', 'Paracetamol 650']);

    const updated = await call(clinic, 'PUT', 'update-product-template', {
      id: data.id,
      templateName: 'Viral fever (adult)',
      productIds: [paracetamol, ors],
    });
    expect(updated.json().message).toBe('Template updated successfully');
    expect(medicineNames(updated.json().data.medicines)).toEqual(['Paracetamol 650', 'ORS sachet']);

    const listed = (await call(clinic, 'GET', 'get-product-templates?query=FEVER')).json().data;
    expect(listed.pagination.total).toBe(1);
    expect(medicineNames(listed.results[0].medicines)).toEqual(['Paracetamol 650', 'ORS sachet']);
  });

  it('deleting a medicine takes it out of its templates; deleting a template keeps the medicines', async () => {
    const clinic = await createSignedInPartner(t);
    const [azithro, pantop] = await addMedicines(clinic, 'Azithromycin 500', 'Pantoprazole 40');
    const template = (
      await call(clinic, 'POST', 'add-product-template', {
        templateName: 'Throat infection',
        productIds: [azithro, pantop],
      })
    ).json().data;
    await call(clinic, 'DELETE', `delete-product?product_id=${azithro}`);
    const left = await call(clinic, 'GET', `get-products-of-template?template_id=${template.id}`);
    expect(medicineNames(left.json().data)).toEqual(['Pantoprazole 40']);

    const deleted = await call(clinic, 'DELETE', `delete-product-template?template_id=${template.id}`);
    expect(deleted.json()).toMatchObject({
      data: { id: template.id },
      message: 'Template deleted successfully',
    });
    expect((await call(clinic, 'GET', 'get-products')).json().data.pagination.total).toBe(1);
  });

  it.each([
    ['no name', (medicine: string) => ({ productIds: [medicine] }), masterMessages.requiredFields],
    ['no medicines', () => ({ templateName: 'Empty' }), masterMessages.requiredFields],
    [
      'an empty medicine list',
      () => ({ templateName: 'Empty', productIds: [] }),
      masterMessages.requiredFields,
    ],
  ])('refuses a template with %s', async (_case, payload, message) => {
    const clinic = await createSignedInPartner(t);
    const [medicine] = await addMedicines(clinic, 'Ibuprofen 400');
    const response = await call(clinic, 'POST', 'add-product-template', payload(medicine as string));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a second template with the same name, in a sentence a person would write', async () => {
    const clinic = await createSignedInPartner(t);
    const [medicine] = await addMedicines(clinic, 'Ibuprofen 400');
    const template = { templateName: 'Pain', productIds: [medicine] };
    expect((await call(clinic, 'POST', 'add-product-template', template)).statusCode).toBe(201);
    const duplicate = await call(clinic, 'POST', 'add-product-template', {
      ...template,
      templateName: 'PAIN',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'A medicine template named PAIN already exists',
      code: 'CONFLICT',
    });
  });

  it('refuses the same medicine twice', async () => {
    const clinic = await createSignedInPartner(t);
    const [medicine] = await addMedicines(clinic, 'Ibuprofen 400');
    const response = await call(clinic, 'POST', 'add-product-template', {
      templateName: 'Pain',
      productIds: [medicine, medicine],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(masterMessages.duplicateMedicine);
  });

  it('another partner can neither use A’s medicines nor see A’s template', async () => {
    const { a, b } = await createTwoPartners(t);
    const [aMedicine] = await addMedicines(a, 'Metformin 500');
    const [bMedicine] = await addMedicines(b, 'Glimepiride 1');
    const foreign = await call(b, 'POST', 'add-product-template', {
      templateName: 'Diabetes',
      productIds: [bMedicine, aMedicine],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Medicine not found');

    const template = (
      await call(a, 'POST', 'add-product-template', { templateName: 'Diabetes', productIds: [aMedicine] })
    ).json().data;
    expect((await call(b, 'GET', `get-products-of-template?template_id=${template.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(b, 'PUT', 'update-product-template', {
          id: template.id,
          templateName: 'Mine',
          productIds: [bMedicine],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(b, 'DELETE', `delete-product-template?template_id=${template.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(b, 'GET', 'get-product-templates')).json().data.results).toEqual([]);
  });
});
