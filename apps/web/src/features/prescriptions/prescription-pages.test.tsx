import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  consultationFormMessages,
  type OutboxStatus,
  type PublicPrescription,
  whatsAppLimitMessages,
} from '@vaidya/contract/consultation-forms';
import type { DentalChart, DentalFinding } from '@vaidya/contract/dental';
import {
  documentPageTexts,
  prescriptionMessagesTexts,
  prescriptionTexts,
  printedDentalChartTexts,
} from '@vaidya/contract/prescription-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import {
  fakePrescription,
  fullPrescription,
  layoutImages,
  prescriptionRecordOf,
  prescriptionWithLayout,
} from '../../testing/fake-prescription';
import {
  answer,
  fakeServer,
  type Handler,
  kothrud,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

/**
 * What the prescription prints, its messages' states and where its preview's Back goes.
 * What it does as every document does (print, retry, WhatsApp, the patient's read-only
 * copy) is tested with the bill's in components/documents/document-preview-page.test.tsx.
 */

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/app-shell'),
    import('./prescription-preview-page'),
    import('./prescription-view-page'),
  ]);
});

const id = fullPrescription.consultation_form_data.id;
const publicRoute = `GET /api/public/prescription/${id}`;
const sendRoute = 'POST /api/consultation-form/send-message';

const findSheet = () => screen.findByRole('article', { name: prescriptionTexts.document }, firstAppearance);
const sendButton = () => screen.getByRole('button', { name: documentPageTexts.sendWhatsApp });
const messagesList = () => screen.getByRole('region', { name: prescriptionMessagesTexts.title });

/** The preview as the clinic's staff open it. */
function openPreview(options: Parameters<typeof fakePrescription>[0] = {}) {
  storeSignedInSession();
  const server = fakeServer(fakePrescription(options));
  renderApp(`/prescription-preview/${options.prescription?.consultation_form_data.id ?? id}`);
  return server;
}

describe('the prescription preview', { timeout: 30_000 }, () => {
  it('prints every section of spec §2, with the clinic’s name as header when it has no header image', async () => {
    openPreview();
    const sheet = await findSheet();
    const page = within(sheet);

    const header = within(sheet.querySelector('header') as HTMLElement);
    expect(header.getByRole('heading', { level: 1, name: sushrutDental.name })).toBeVisible();
    for (const line of ['Dentist', kothrud.location_name, kothrud.address, kothrud.contact_no]) {
      expect(header.getByText(line)).toBeVisible();
    }
    expect(header.queryByRole('img')).not.toBeInTheDocument();

    const patient = within(page.getByRole('region', { name: prescriptionTexts.patient }));
    for (const line of [
      'Asha Patil, 34Y',
      'Gender: Female',
      'Mobile: 9822000001',
      'BP: 120/80',
      'Pulse: 72',
      'Date: 24/11/2026',
    ]) {
      expect(patient.getByText(line)).toBeVisible();
    }

    const listed = (title: string) =>
      within(page.getByRole('region', { name: title }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(listed('Chief Complaints')).toEqual(['Toothache', 'Bleeding gums', 'Sensitivity to cold']);
    expect(listed('Clinical Findings')).toEqual(['Deep caries on 36', 'Calculus deposits']);
    expect(listed('Diagnosis')).toEqual(['Irreversible pulpitis', 'Chronic gingivitis']);
    expect(listed('Investigations')).toEqual(['IOPA X-ray', 'Blood sugar (fasting)']);
    expect(listed('Treatments')).toEqual([
      'Root canal treatment (Tooth 36: Access opening, Obturation)',
      'Scaling and polishing',
    ]);

    const rows = within(page.getByRole('table')).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole(row === rows[0] ? 'columnheader' : 'cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual([
      'S.No',
      'Medicine Name',
      'Composition',
      'Dosage',
      'Timing',
      'Duration',
      'Instructions',
    ]);
    expect(rows.slice(1).map(cells)).toEqual([
      [
        '1',
        'Amoxicillin 500',
        'Amoxicillin 500 mg',
        '1 capsule',
        'Morning, Afternoon, Evening',
        '5 days',
        'After meal',
      ],
      ['2', 'Ibuprofen 400', 'Ibuprofen 400 mg', '1 tablet', 'SOS', '3 days', '-'],
      ['3', 'Pantoprazole 40', 'Pantoprazole 40 mg', '1 tablet', 'Morning', '5 days', 'Before meal'],
      ['4', 'Chlorhexidine mouthwash', '-', '10 ml', 'Morning, Evening', '-', '-'],
      ['5', 'Sensodyne toothpaste', '-', '-', 'Evening', '30 days', '-'],
      ['6', 'Vitamin C', '-', '-', '-', '-', '-'],
    ]);

    const footer = within(sheet.querySelector('footer') as HTMLElement);
    expect(footer.getByText(sushrutDental.name)).toBeVisible();
    expect(footer.getByText('Medical Practitioner')).toBeVisible();
    expect(footer.queryByRole('img')).not.toBeInTheDocument();
  });

  it('prints the clinic’s header, signature and footer images when it has them', async () => {
    openPreview({ prescription: prescriptionWithLayout });
    const sheet = within(await findSheet());

    expect(sheet.getByRole('img', { name: prescriptionTexts.headerAlt })).toHaveAttribute(
      'src',
      layoutImages.header,
    );
    expect(sheet.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(sheet.queryByText(kothrud.address)).not.toBeInTheDocument();
    expect(sheet.getByRole('img', { name: prescriptionTexts.signatureAlt })).toHaveAttribute(
      'src',
      layoutImages.signature,
    );
    expect(sheet.getByRole('img', { name: prescriptionTexts.footerAlt })).toHaveAttribute(
      'src',
      layoutImages.footer,
    );
    expect(sheet.getByText('Medical Practitioner')).toBeVisible();
  });

  it('prints the patient’s allergies and alerts under the name', async () => {
    openPreview({
      prescription: {
        ...fullPrescription,
        patient_safety: { allergies: ['Penicillin', 'Latex'], alerts: ['Diabetic', 'On blood thinners'] },
      },
    });
    const patient = within(
      within(await findSheet()).getByRole('region', { name: prescriptionTexts.patient }),
    );
    expect(patient.getByText('Allergies: Penicillin, Latex')).toBeVisible();
    expect(patient.getByText('Alerts: Diabetic, On blood thinners')).toBeVisible();
  });

  it('prints no allergy or alert lines for a patient with none recorded', async () => {
    openPreview();
    const patient = within(
      within(await findSheet()).getByRole('region', { name: prescriptionTexts.patient }),
    );
    expect(patient.queryByText(/^Allergies:/)).not.toBeInTheDocument();
    expect(patient.queryByText(/^Alerts:/)).not.toBeInTheDocument();
  });

  it('says so when the prescription holds no lists at all, under the patient it was written for', async () => {
    const empty: PublicPrescription = {
      ...fullPrescription,
      consultation_form_data: {
        ...fullPrescription.consultation_form_data,
        customer_age: null,
        complaints: [],
        observations: [],
        diagnoses: [],
        investigations: [],
        treatments: [],
        products: [],
      },
    };
    openPreview({ prescription: empty });
    const sheet = within(await findSheet());

    expect(sheet.getByText(prescriptionTexts.noData)).toBeVisible();
    expect(sheet.getByText('Asha Patil')).toBeVisible();
    expect(sheet.queryByRole('table')).not.toBeInTheDocument();
  });

  it('covers the page with a loading overlay until the prescription arrives', async () => {
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    fakeServer({
      ...fakePrescription(),
      [publicRoute]: async () => {
        await arrived;
        return Response.json({ data: fullPrescription });
      },
    });
    renderApp(`/prescription/${id}`);

    expect(
      await screen.findByRole('progressbar', { name: documentPageTexts.loading }, firstAppearance),
    ).toBeVisible();
    arrive();
    await findSheet();
    expect(screen.queryByRole('progressbar', { name: documentPageTexts.loading })).not.toBeInTheDocument();
  });

  it('offers the clinic’s staff Back to the bookings screen, where it was written from, and Edit', async () => {
    openPreview();
    await findSheet();
    const toolbar = within(screen.getByRole('toolbar', { name: documentPageTexts.actions }));

    expect(toolbar.getByRole('link', { name: documentPageTexts.back })).toHaveAttribute(
      'href',
      '/dashboard/bookings',
    );
    expect(toolbar.getByRole('link', { name: documentPageTexts.edit })).toHaveAttribute(
      'href',
      `/dashboard/consultation?id=${id}`,
    );
    // The patient's page, named by the clinic's own record of the prescription.
    expect(await toolbar.findByRole('link', { name: documentPageTexts.patient })).toHaveAttribute(
      'href',
      `/dashboard/patients/${prescriptionRecordOf.patient_id}`,
    );
  });
});

describe('sending the prescription on WhatsApp', () => {
  it('says in words where each stored message stands', async () => {
    const stored = (n: number, status: OutboxStatus, error: string | null = null) => ({
      id: uuid(980 + n),
      recipient: '9822000001',
      status,
      error,
      body: 'Prescription for Asha Patil',
      created_at: new Date(Date.UTC(2026, 10, 24, 7, 10 - n)).toISOString(),
    });
    openPreview({
      messages: [
        stored(1, 'recorded'),
        stored(2, 'waiting'),
        stored(3, 'sent'),
        stored(4, 'failed', 'Recipient phone number not on WhatsApp'),
      ],
    });
    await findSheet();
    const items = await within(messagesList()).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^(Kept|Waiting|Sent|Failed)/).textContent)).toEqual([
      'Kept in the outbox (WhatsApp not set up)',
      prescriptionMessagesTexts.statuses.waiting,
      'Sent',
      'Failed: Recipient phone number not on WhatsApp',
    ]);
  });

  it('lists a message waiting for the hourly limit in words, and toasts the limit a refused send names', async () => {
    const refusal = whatsAppLimitMessages.documentSentTooOften('prescription', 5);
    storeSignedInSession();
    const server = fakeServer({
      ...fakePrescription({
        messages: [
          {
            id: uuid(990),
            recipient: '9822000001',
            status: 'waiting',
            error: null,
            body: 'Prescription for Asha Patil',
            created_at: '2026-11-24T07:00:00.000Z',
          },
        ],
      }),
      [sendRoute]: answer({ message: refusal, code: 'RATE_LIMITED' }, 429),
    });
    renderApp(`/prescription-preview/${id}`);
    await findSheet();
    expect(await within(messagesList()).findByText(prescriptionMessagesTexts.statuses.waiting)).toBeVisible();

    await userEvent.click(sendButton());
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(screen.queryByText(consultationFormMessages.messageFailed)).not.toBeInTheDocument();
    expect(server.requests(sendRoute)).toHaveLength(1);
  });
});

describe('the dental chart on the printed prescription', { timeout: 30_000 }, () => {
  const chartRoute = 'GET /api/dental/get-chart';
  const finding = (
    n: number,
    tooth: number,
    condition: DentalFinding['condition'],
    state: DentalFinding['state'],
    details: Partial<DentalFinding> = {},
  ): DentalFinding => ({
    id: uuid(2200 + n),
    patient_id: prescriptionRecordOf.patient_id,
    tooth,
    surfaces: [],
    condition,
    state,
    material: null,
    mobility_grade: null,
    note: null,
    recorded_on: '2026-11-20',
    recorded_by_name: 'Dr Sushrut Kulkarni',
    created_at: '2026-11-20T05:30:00.000Z',
    voided_at: null,
    voided_by_name: null,
    plan_item_id: null,
    ...details,
  });
  const chartOf = (changes: Partial<DentalChart> = {}): DentalChart => ({
    patient_id: prescriptionRecordOf.patient_id,
    mixed_dentition: false,
    tooth_numbering: 'FDI',
    findings: [
      finding(1, 36, 'filling', 'completed', { surfaces: ['M', 'O'], material: 'composite' }),
      finding(2, 16, 'caries', 'planned', { surfaces: ['O'] }),
      finding(3, 46, 'missing', 'existing'),
      finding(4, 16, 'mobility', 'existing', { mobility_grade: 2 }),
    ],
    ...changes,
  });

  function openChartedPreview(
    partner: Partial<typeof sushrutDental>,
    chart: Handler = answer({ data: chartOf() }),
  ) {
    storeSignedInSession();
    const server = fakeServer({
      ...fakePrescription(),
      'GET /api/get-partner-details': answer({ data: { ...sushrutDental, ...partner } }),
      [chartRoute]: chart,
    });
    renderApp(`/prescription-preview/${id}`);
    return server;
  }
  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));

  it('prints the chart as it stood on the prescription’s date: the teeth drawn, the findings tooth by tooth', async () => {
    const server = openChartedPreview({ print_dental_chart: true });
    const sheet = await findSheet();
    const chart = await within(sheet).findByRole('region', { name: 'Dental chart as on 23/11/2026' });

    const asked = server.requests(chartRoute)[0]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({
      patient_id: prescriptionRecordOf.patient_id,
      as_of: '2026-11-23',
    });
    expect(within(chart).getByRole('img', { name: printedDentalChartTexts.drawing })).toBeVisible();
    // In the order the teeth are drawn: upper arch right to left, then the lower.
    expect(rowsOf(within(chart).getByRole('table'))).toEqual([
      ['16', 'Caries (O), planned; Mobility (grade 2), existing'],
      ['46', 'Missing, existing'],
      ['36', 'Filling (MO, composite), completed'],
    ]);
    // Printed before the medicines.
    const medicines = within(sheet).getByRole('heading', { name: prescriptionTexts.medicines });
    expect(chart.compareDocumentPosition(medicines) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('numbers the teeth as the clinic does, and draws the primary teeth of a mixed dentition', async () => {
    openChartedPreview(
      { print_dental_chart: true },
      answer({
        data: chartOf({
          tooth_numbering: 'UNIVERSAL',
          mixed_dentition: true,
          findings: [finding(1, 55, 'caries', 'existing'), finding(2, 36, 'crown', 'completed')],
        }),
      }),
    );
    const chart = await within(await findSheet()).findByRole('region', {
      name: 'Dental chart as on 23/11/2026',
    });
    expect(rowsOf(within(chart).getByRole('table'))).toEqual([
      ['A', 'Caries, existing'],
      ['19', 'Crown, completed'],
    ]);
    const drawn = within(chart).getByRole('img', { name: printedDentalChartTexts.drawing });
    expect(drawn.getAttribute('viewBox')).toBe('0 0 340 96');
    expect(within(drawn).getByText('A')).toBeInTheDocument();
  });

  it('prints no chart unless the clinic is a dentist’s that asked for it', async () => {
    const server = openChartedPreview({ print_dental_chart: false });
    await findSheet();
    expect(await screen.findByRole('link', { name: documentPageTexts.patient })).toBeVisible();
    expect(screen.queryByRole('region', { name: /Dental chart/ })).not.toBeInTheDocument();
    expect(server.requests(chartRoute)).toHaveLength(0);
  });

  it('asks nothing of a clinic that is not a dentist’s, whatever its setting', async () => {
    const server = openChartedPreview({ print_dental_chart: true, speciality_type: 'DOCTOR' });
    await findSheet();
    expect(await screen.findByRole('link', { name: documentPageTexts.patient })).toBeVisible();
    expect(server.requests(chartRoute)).toHaveLength(0);
  });

  it('says on screen, not on paper, when the chart could not be loaded', async () => {
    openChartedPreview(
      { print_dental_chart: true },
      answer({ message: 'Something went wrong', code: 'INTERNAL' }, 500),
    );
    await findSheet();
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      printedDentalChartTexts.failed,
    );
    expect(screen.queryByRole('region', { name: /Dental chart/ })).not.toBeInTheDocument();
  });
});
