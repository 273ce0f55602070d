import {
  maxImportRows,
  patientExportColumns,
  patientImportMessages,
  patientMessages,
} from '@vaidya/contract/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { parseCsv } from './patients.csv';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const addPatient = async (clinic: SignedInPartner, payload: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/patient/add-patient',
    headers: clinic.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
};
const exportCsv = (clinic: SignedInPartner) =>
  t.app.inject({ method: 'GET', url: '/api/patient/export-patients', headers: clinic.headers });
const importCsv = (clinic: SignedInPartner, csv: string, dryRun: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patient/import-patients',
    headers: clinic.headers,
    payload: { csv, dryRun },
  });
const listNames = async (clinic: SignedInPartner) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/patient/get-patients',
    headers: clinic.headers,
    query: { limit: '100' },
  });
  return (response.json().data.results as { name: string }[]).map((patient) => patient.name).sort();
};

describe('exporting the patient list: GET /api/patient/export-patients', () => {
  it('answers the clinic’s whole list as a CSV download, formula cells written as text', async () => {
    const clinic = await createSignedInPartner(t);
    await addPatient(clinic, {
      name: 'Asha Verma',
      mobile: '9822011001',
      gender: 'female',
      dateOfBirth: '1990-01-05',
      email: 'asha@example.com',
      address: 'Flat 4, MG Road',
    });
    await addPatient(clinic, {
      name: '=HYPERLINK("http://x","y")',
      mobile: '9822011002',
      patientNumber: 'SDC-7',
    });
    const other = await createSignedInPartner(t);
    await addPatient(other, { name: 'Other Clinic Patient', mobile: '9822011003' });

    const response = await exportCsv(clinic);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="patients.csv"');
    expect(response.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(parseCsv(response.body).map((row) => row.cells)).toEqual([
      [...patientExportColumns],
      [
        '1',
        'Asha Verma',
        '9822011001',
        'female',
        '36',
        '1990-01-05',
        'asha@example.com',
        'Flat 4, MG Road',
        '2026-11-02',
        '',
        '0',
      ],
      ['SDC-7', `'=HYPERLINK("http://x","y")`, '9822011002', '', '', '', '', '', '2026-11-02', '', '0'],
    ]);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/patient/export-patients' });
    expect(response.statusCode).toBe(401);
  });
});

describe('importing a patient list: POST /api/patient/import-patients', () => {
  const file = [
    'Name,Mobile,Gender,Age,Date of birth,Patient number,Email,Address',
    'Asha Verma,98220 12001,F,34,,SDC-0001,asha@example.com,"Flat 4, MG Road"',
    'Ravi Kumar,9822012002,male,,1985-12-31,,,',
    ',9822012003,,,,,,',
    'Meena Iyer,12345,,,,,,',
    'Farah Khan,9822012005,,,2999-01-01,,,',
    'asha  VERMA,9822012001,,,,,,',
    'Kiran Desai,9822012007,,,,sdc-0001,,',
    'Sita Devi,9822012008,o,,,,,',
    // Asha's son on her phone: a family shares a mobile, and he is a patient of his own.
    'Rohan Verma,9822012001,M,8,,,,',
  ].join('\r\n');

  it('a dry run answers every row and saves nothing; the real run saves the good rows; again adds nobody', async () => {
    const clinic = await createSignedInPartner(t);
    const preview = await importCsv(clinic, file, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      message: patientImportMessages.checked,
      data: {
        dryRun: true,
        added: 4,
        skipped: 2,
        errors: 3,
        rows: [
          { line: 2, name: 'Asha Verma', status: 'ok' },
          { line: 3, name: 'Ravi Kumar', status: 'ok' },
          { line: 4, name: '', status: 'error', message: 'Name is required' },
          { line: 5, name: 'Meena Iyer', status: 'error', message: expect.any(String) },
          { line: 6, name: 'Farah Khan', status: 'error', message: patientMessages.birthDateInFuture },
          {
            line: 7,
            name: 'asha  VERMA',
            status: 'skipped',
            message: patientImportMessages.samePatientThere('Asha Verma'),
          },
          {
            line: 8,
            name: 'Kiran Desai',
            status: 'skipped',
            message: patientImportMessages.numberThere('sdc-0001'),
          },
          { line: 9, name: 'Sita Devi', status: 'ok' },
          { line: 10, name: 'Rohan Verma', status: 'ok' },
        ],
      },
    });
    expect(await listNames(clinic)).toEqual([]);

    const imported = await importCsv(clinic, file, false);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      message: patientImportMessages.imported(4),
      data: { dryRun: false, added: 4, skipped: 2, errors: 3 },
    });
    expect(await listNames(clinic)).toEqual(['Asha Verma', 'Ravi Kumar', 'Rohan Verma', 'Sita Devi']);
    const exported = parseCsv((await exportCsv(clinic)).body).map((row) => row.cells.slice(0, 8));
    // An import's patients are listed by number; the age is kept as an approximate date of birth.
    expect(exported.slice(1)).toEqual([
      ['1', 'Ravi Kumar', '9822012002', 'male', '40', '1985-12-31', '', ''],
      ['2', 'Sita Devi', '9822012008', 'other', '', '', '', ''],
      ['3', 'Rohan Verma', '9822012001', 'male', '8', '2018-11-02', '', ''],
      [
        'SDC-0001',
        'Asha Verma',
        '9822012001',
        'female',
        '34',
        '1992-11-02',
        'asha@example.com',
        'Flat 4, MG Road',
      ],
    ]);

    const again = await importCsv(clinic, file, false);
    expect(again.json().data).toMatchObject({ added: 0, skipped: 6, errors: 3 });
    expect(await listNames(clinic)).toEqual(['Asha Verma', 'Ravi Kumar', 'Rohan Verma', 'Sita Devi']);
  });

  it('another clinic is unaffected, and an exported list imports whole into it with its numbers', async () => {
    const first = await createSignedInPartner(t);
    await addPatient(first, { name: 'Asha Verma', mobile: '9822013001', patientNumber: 'SDC-0042' });
    await addPatient(first, { name: 'Ravi Kumar', mobile: '9822013002', dateOfBirth: '1985-12-31' });
    const second = await createSignedInPartner(t);
    await addPatient(second, { name: 'Meena Iyer', mobile: '9822013009', patientNumber: 'M-1' });

    const exported = (await exportCsv(first)).body;
    const imported = await importCsv(second, exported, false);
    expect(imported.json().data).toMatchObject({ added: 2, skipped: 0, errors: 0 });
    expect(await listNames(second)).toEqual(['Asha Verma', 'Meena Iyer', 'Ravi Kumar']);
    expect(await listNames(first)).toEqual(['Asha Verma', 'Ravi Kumar']);
    const numbers = parseCsv((await exportCsv(second)).body).map((row) => row.cells[0]);
    expect(numbers).toEqual(['Patient number', 'M-1', '1', 'SDC-0042']);
  });

  it('refuses a file it cannot read, or with too many rows, whole', async () => {
    const clinic = await createSignedInPartner(t);
    const noMobile = await importCsv(clinic, 'Name,Phone\nAsha,9822011001\n', true);
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: patientImportMessages.missingColumns,
    });
    const unclosed = await importCsv(clinic, 'Name,Mobile\n"Asha,9822011001\n', true);
    expect(unclosed.json().message).toBe(patientImportMessages.unclosedQuote(2));

    const rows = Array.from(
      { length: maxImportRows + 1 },
      (_, index) => `P${index},9${String(index).padStart(9, '0')}`,
    );
    const tooMany = await importCsv(clinic, ['Name,Mobile', ...rows].join('\n'), true);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(patientImportMessages.tooManyRows);
  });
});
