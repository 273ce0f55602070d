import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { patientCsvEndpoints, patientImportMessages } from '@vaidya/contract/patients';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakePatient, fakePatients, patientRoutes } from '../../testing/fake-patients';
import { answer, fakeServer, type Handler, inTurn, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

const firstAppearance = { timeout: 10_000 };
const exportRoute = `GET /api${patientCsvEndpoints.exportCsv.path}`;
const importRoute = `POST /api${patientCsvEndpoints.importCsv.path}`;

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./patients-page'),
    import('./components/import-patients-dialog'),
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function openPatients(routes: Record<string, Handler>) {
  storeSignedInSession();
  const server = fakeServer({ ...fakePatients([fakePatient(1, 'Asha Kulkarni')]), ...routes });
  renderApp('/dashboard/patients');
  await screen.findByRole('link', { name: 'Asha Kulkarni' }, firstAppearance);
  return server;
}

/** A file as the browser gives it; jsdom's File has no `text()`, which every browser's has. */
const csvFile = (text: string, name: string) =>
  Object.assign(new File([text], name, { type: 'text/csv' }), { text: async () => text });

const preview = {
  dryRun: true,
  added: 1,
  skipped: 1,
  errors: 1,
  rows: [
    { line: 2, name: 'Ravi Kumar', status: 'ok' },
    { line: 3, name: 'Meena Iyer', status: 'error', message: 'Enter a valid 10-digit mobile number' },
    {
      line: 4,
      name: 'asha kulkarni',
      status: 'skipped',
      message: patientImportMessages.samePatientThere('Asha Kulkarni'),
    },
  ],
};

describe('the patient list as a spreadsheet', () => {
  it('Export CSV downloads the clinic’s list as patients.csv', async () => {
    const csv = '\uFEFFPatient number,Name\r\n1,Asha Kulkarni\r\n';
    const server = await openPatients({
      [exportRoute]: () => new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      saved.push(file as Blob);
      return 'blob:patients';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('patients.csv');
    expect(link.href).toBe('blob:patients');
    const bytes = new Uint8Array((await saved[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(Array.from(bytes)).toEqual(Array.from(new TextEncoder().encode(csv)));
    expect(server.requests(exportRoute)[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('Import CSV checks the chosen file first, shows each row not added and why, then imports the good rows', async () => {
    const server = await openPatients({
      [importRoute]: inTurn(
        answer({ data: preview, message: patientImportMessages.checked }),
        answer({ data: { ...preview, dryRun: false }, message: patientImportMessages.imported(1) }),
      ),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import patients from a CSV file' });
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    const file = 'Name,Mobile\nRavi Kumar,9822012002\nMeena Iyer,12345\nasha kulkarni,9822054321\n';
    await user.upload(within(dialog).getByLabelText('Choose CSV file'), csvFile(file, 'old-system.csv'));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '1 to add, 1 already there, 1 with errors',
    );
    const problems = within(dialog).getByRole('table', { name: 'Rows not imported' });
    expect(
      within(problems)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RowNameProblem',
      '3Meena IyerEnter a valid 10-digit mobile number',
      `4asha kulkarni${patientImportMessages.samePatientThere('Asha Kulkarni')}`,
    ]);
    expect(server.requests(importRoute)[0]?.body).toEqual({ csv: file, dryRun: true });
    expect(server.requests(patientRoutes.list)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText('1 patient imported')).toBeVisible();
    expect(server.requests(importRoute)[1]?.body).toEqual({ csv: file, dryRun: false });
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    // The list asks again, to show the patients just added.
    await vi.waitFor(() => expect(server.requests(patientRoutes.list)).toHaveLength(2));
  });

  it('a file the server refuses shows its sentence, and nothing can be imported', async () => {
    await openPatients({
      [importRoute]: answer(
        { message: patientImportMessages.missingColumns, code: 'VALIDATION_FAILED' },
        400,
      ),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import patients from a CSV file' });
    await user.upload(within(dialog).getByLabelText('Choose CSV file'), csvFile('Name,Phone\n', 'bad.csv'));

    expect(await within(dialog).findByText(patientImportMessages.missingColumns)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
