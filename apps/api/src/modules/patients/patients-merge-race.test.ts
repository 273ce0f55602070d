import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { patientMerges, patients } from '../../db/schema';

/**
 * Two desks merging one pair at the same instant, each keeping the other record: both
 * patients are held in id order, so the second merge waits for the first, then finds one of
 * its two patients merged and answers 409. One merge, one record left.
 */
describe.skipIf(testEngine() !== 'postgres')(
  'simultaneous merges of one pair (PostgreSQL only: the embedded database runs one query at a time)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    const added = async (clinic: SignedInPartner, mobile: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/patient/add-patient',
        headers: clinic.headers,
        payload: { name: 'Asha Verma', mobile, dateOfBirth: '1990-04-12' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };

    it('merges a pair asked both ways at once exactly once', async () => {
      const clinic = await createSignedInPartner(t);
      for (let round = 0; round < 5; round++) {
        const first = await added(clinic, `98220${String(round * 2).padStart(5, '0')}`);
        const second = await added(clinic, `98220${String(round * 2 + 1).padStart(5, '0')}`);
        const answers = await Promise.all(
          [
            { keepId: first, mergeId: second },
            { keepId: second, mergeId: first },
          ].map((payload) =>
            t.app.inject({
              method: 'POST',
              url: '/api/patient/merge-patients',
              headers: clinic.headers,
              payload,
            }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const rows = await t.database.db
          .select({ id: patients.id, merged_into_id: patients.merged_into_id })
          .from(patients)
          .where(eq(patients.partner_id, clinic.partnerId));
        const pair = rows.filter((row) => row.id === first || row.id === second);
        expect(pair.filter((row) => row.merged_into_id === null)).toHaveLength(1);
        const merges = await t.database.db
          .select()
          .from(patientMerges)
          .where(
            eq(patientMerges.kept_patient_id, pair.find((row) => row.merged_into_id === null)?.id ?? ''),
          );
        expect(merges).toHaveLength(1);
      }
    });
  },
);
