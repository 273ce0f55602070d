import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';

/**
 * Desks adding patients at the same instant: the counter on the clinic's row, taken with
 * `UPDATE … RETURNING` in each adding transaction, gives every new patient its own number, and
 * the unique (partner, mobile) index one patient per mobile.
 */
describe.skipIf(testEngine() !== 'postgres')(
  'simultaneous patients of one clinic (PostgreSQL only: the embedded database runs one query at a time)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('gives 20 patients added at once the numbers 1 to 20, each once', async () => {
      const clinic = await createSignedInPartner(t);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/patient/add-patient',
            headers: clinic.headers,
            payload: { name: `Patient ${i}`, mobile: `98220${String(i).padStart(5, '0')}` },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
      const numbers = responses.map((response) => Number(response.json().data.patient_number));
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('makes one patient of one mobile typed at several desks at once, and answers 409 to the others adding it', async () => {
      const clinic = await createSignedInPartner(t);
      const created = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/create-user',
            headers: clinic.headers,
            payload: { name: 'Asha Verma', mobile: '9822011001' },
          }),
        ),
      );
      expect(new Set(created.map((response) => response.json().data.id)).size).toBe(1);
      const added = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/patient/add-patient',
            headers: clinic.headers,
            payload: { name: 'Ravi Kumar', mobile: '9822011002' },
          }),
        ),
      );
      expect(added.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/patient/get-patients',
        headers: clinic.headers,
      });
      expect(list.json().data.pagination.total).toBe(2);
    });
  },
);
