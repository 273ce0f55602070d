import { moneyMessages } from '@vaidya/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (who: SignedInPartner, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/masters/${url}`, headers: who.headers, payload });

describe('medicines', () => {
  it('a doctor saves a medicine with its default dosage, and edits it', async () => {
    const clinic = await createSignedInPartner(t);
    const added = await post(clinic, 'add-product', {
      productName: 'Amoxicillin 500',
      price: '85.50',
      tax_percentage: 12,
      composition: 'Amoxicillin 500 mg',
      dosageQty: '1 tablet',
      instructions: 'After meal',
      days: 5,
      is_morning: true,
      is_afternoon: false,
      is_evening: true,
      is_sos: false,
    });
    expect(added.statusCode).toBe(201);
    const { data, message } = added.json();
    expect(message).toBe('Medicine added successfully');
    expect(data).toEqual({
      id: expect.any(String),
      product_name: 'Amoxicillin 500',
      price: 85.5,
      tax_percentage: 12,
      composition: 'Amoxicillin 500 mg',
      dosage_qty: '1 tablet',
      instructions: 'After meal',
      days: 5,
      is_morning: true,
      is_afternoon: false,
      is_evening: true,
      is_sos: false,
    });

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/masters/update-product',
      headers: clinic.headers,
      payload: { id: data.id, productName: 'Amoxicillin 500', price: 90, days: '', is_sos: true },
    });
    expect(updated.json()).toMatchObject({
      data: { price: 90, tax_percentage: null, days: null, is_morning: false, is_sos: true, composition: '' },
      message: 'Medicine updated successfully',
    });
  });

  it('a search finds a medicine by its name or by its composition, whatever the case', async () => {
    const clinic = await createSignedInPartner(t);
    for (const [productName, composition] of [
      ['Chlorhexidine Mouthwash', 'Chlorhexidine gluconate 0.2% w/v'],
      ['Calcium Gluconate Syrup', 'Calcium gluconate 500 mg/5 ml'],
      ['Dolo 650', 'Paracetamol 650 mg'],
      ['Aceclofenac + Paracetamol', 'Aceclofenac 100 mg + Paracetamol 325 mg'],
      ['Benzydamine Mouthwash', 'Benzydamine hydrochloride 0.15% w/v'],
    ]) {
      expect((await post(clinic, 'add-product', { productName, composition })).statusCode).toBe(201);
    }
    const search = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/masters/get-products',
        headers: clinic.headers,
        query: { query, limit: '10', page: '1' },
      });
      const { results, pagination } = response.json().data;
      return {
        names: (results as { product_name: string }[]).map((medicine) => medicine.product_name),
        total: pagination.total,
      };
    };

    expect(await search('GLUCONATE')).toEqual({
      names: ['Calcium Gluconate Syrup', 'Chlorhexidine Mouthwash'],
      total: 2,
    });
    expect(await search('paracetamol')).toEqual({
      names: ['Aceclofenac + Paracetamol', 'Dolo 650'],
      total: 2,
    });
    expect(await search('mouthwash')).toEqual({
      names: ['Benzydamine Mouthwash', 'Chlorhexidine Mouthwash'],
      total: 2,
    });
    // Two letters match the start of a name or of a composition.
    expect((await search('pa')).names).toEqual(['Dolo 650']);
    expect(await search('ibuprofen')).toEqual({ names: [], total: 0 });
  });

  it('offers Amoxicillin before medicines that only contain it, and the exact name first', async () => {
    const clinic = await createSignedInPartner(t);
    for (const [productName, composition] of [
      ['Aceclofenac', 'Aceclofenac 100 mg + Paracetamol 325 mg'],
      ['Almox 500', 'Amoxicillin 500 mg'],
      ['Amoxiclav 625', 'Amoxicillin 500 mg + Clavulanic acid 125 mg'],
      ['Amoxicillin 500', 'Amoxicillin 500 mg'],
      ['Co-Amoxiclav', 'Amoxicillin 250 mg + Clavulanic acid 125 mg'],
      ['Amoxicillin 250', 'Amoxicillin 250 mg'],
    ]) {
      expect((await post(clinic, 'add-product', { productName, composition })).statusCode).toBe(201);
    }
    const search = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/masters/get-products',
        headers: clinic.headers,
        query: { query, limit: '20', page: '1' },
      });
      return (response.json().data.results as { product_name: string }[]).map(
        (medicine) => medicine.product_name,
      );
    };

    // Names starting with "amo", a word starting with it, then the rest (here by composition: "Paracetamol").
    expect(await search('amo')).toEqual([
      'Amoxicillin 250',
      'Amoxicillin 500',
      'Amoxiclav 625',
      'Co-Amoxiclav',
      'Aceclofenac',
      'Almox 500',
    ]);
    expect(await search('Amoxicillin 500')).toEqual(['Amoxicillin 500', 'Almox 500', 'Amoxiclav 625']);
  });

  it.each([['abc'], [true]])('refuses the price %j', async (price) => {
    const clinic = await createSignedInPartner(t);
    const response = await post(clinic, 'add-product', { productName: 'Paracetamol 650', price });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(moneyMessages.notAnAmount('Price'));
  });
});

describe('treatments', () => {
  it('a dentist charts a root canal treatment against its dental type', async () => {
    const clinic = await createSignedInPartner(t, { speciality_type: 'DENTIST' });
    const types = (
      await t.app.inject({
        method: 'GET',
        url: '/api/masters/get-dental-treatment-types',
        headers: clinic.headers,
      })
    ).json().data as { id: number; treatment_name: string }[];
    expect(types.map((type) => type.treatment_name)).toEqual(
      expect.arrayContaining([
        'Scaling and Polishing',
        'Root Canal Treatment',
        'Extraction',
        'Implant',
        'Braces',
      ]),
    );
    const rootCanal = types.find((type) => type.treatment_name === 'Root Canal Treatment');

    const added = await post(clinic, 'add-treatment', {
      treatmentName: 'RCT molar',
      price: 4500,
      type: 'SERVICE',
      dentalTreatmentId: rootCanal?.id,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      data: {
        id: expect.any(String),
        treatment_name: 'RCT molar',
        price: 4500,
        type: 'SERVICE',
        dental_treatment_id: rootCanal?.id,
        has_chart: true,
      },
      message: 'Treatment added successfully',
    });
  });

  it('a treatment without a dental type has no chart; type is read in any case and defaults to SERVICE', async () => {
    const clinic = await createSignedInPartner(t);
    const product = await post(clinic, 'add-treatment', {
      treatmentName: 'Nebulisation kit',
      price: null,
      type: 'product',
    });
    expect(product.json().data).toMatchObject({
      type: 'PRODUCT',
      price: null,
      dental_treatment_id: null,
      has_chart: false,
    });
    const service = await post(clinic, 'add-treatment', { treatmentName: 'Dressing', price: '150' });
    expect(service.json().data).toMatchObject({ type: 'SERVICE', price: 150, has_chart: false });
  });

  it('refuses an unknown dental type, a bad price and an unknown type', async () => {
    const clinic = await createSignedInPartner(t);
    const unknownType = await post(clinic, 'add-treatment', {
      treatmentName: 'Crown',
      dentalTreatmentId: 9999,
    });
    expect(unknownType.statusCode).toBe(404);
    const badPrice = await post(clinic, 'add-treatment', { treatmentName: 'Crown', price: 'free' });
    expect(badPrice.json().message).toBe(moneyMessages.notAnAmount('Price'));
    const badKind = await post(clinic, 'add-treatment', { treatmentName: 'Crown', type: 'package' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/^type: /);
  });
});
