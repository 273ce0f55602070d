import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  consultationFormMessages,
  type OutboxStatus,
  type PublicPrescription,
  whatsAppLimitMessages,
  whatsAppSendMessages,
} from '@vaidya/contract/consultation-forms';
import {
  documentPageTexts,
  prescriptionMessagesTexts,
  prescriptionTexts,
} from '@vaidya/contract/prescription-screens';
import { matchRoutes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../../app/root-layout';
import { routes } from '../../app/router';
import { uuid } from '../../testing/fake-masters';
import {
  fakePrescription,
  fullPrescription,
  layoutImages,
  prescriptionWithLayout,
} from '../../testing/fake-prescription';
import { answer, fakeServer, kothrud, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { findToast } from '../../testing/toasts';

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
const messagesRoute = 'GET /api/consultation-form/get-messages';

const findSheet = () => screen.findByRole('article', { name: prescriptionTexts.document }, firstAppearance);
const sendButton = () => screen.getByRole('button', { name: documentPageTexts.sendWhatsApp });
const messagesList = () => screen.getByRole('region', { name: prescriptionMessagesTexts.title });

function openPreview(options: Parameters<typeof fakePrescription>[0] = {}, signedIn = true) {
  if (signedIn) storeSignedInSession();
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
  });

  it('prints with the browser’s print', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    openPreview();
    await findSheet();

    await userEvent.click(screen.getByRole('button', { name: documentPageTexts.print }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says there is no prescription for an unknown id, with no error toast', async () => {
    fakeServer({});
    renderApp(`/prescription-preview/${uuid(899)}`);

    expect(await screen.findByText(prescriptionTexts.notFound, {}, firstAppearance)).toBeVisible();
    expect(screen.queryByText(prescriptionTexts.fetchError)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: documentPageTexts.print })).not.toBeInTheDocument();
  });

  it('toasts "Error fetching prescription" when the server fails, and Retry fetches it again', async () => {
    let calls = 0;
    const server = fakeServer({
      ...fakePrescription(),
      [publicRoute]: () => {
        calls += 1;
        return calls <= 2
          ? Response.json({ message: 'Something went wrong', code: 'INTERNAL' }, { status: 500 })
          : Response.json({ data: fullPrescription });
      },
    });
    renderApp(`/prescription-preview/${id}`);

    expect(await screen.findByText(prescriptionTexts.fetchError, {}, firstAppearance)).toBeVisible();
    expect(screen.getByText(prescriptionTexts.notFound)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: documentPageTexts.retry }));
    expect(await findSheet()).toBeVisible();
    expect(server.requests(publicRoute)).toHaveLength(3);
  });
});

describe('sending the prescription on WhatsApp', () => {
  it('disables the button with a spinner while sending; with WhatsApp not set up says it was not sent and lists the message kept', async () => {
    let deliver = () => {};
    const server = openPreview({ sendsHeldUntil: new Promise<void>((resolve) => (deliver = resolve)) });
    await findSheet();
    expect(await within(messagesList()).findByText(prescriptionMessagesTexts.empty)).toBeVisible();

    await userEvent.click(sendButton());
    const sending = screen.getByRole('button', { name: documentPageTexts.sending });
    expect(sending).toBeDisabled();
    expect(within(sending).getByRole('progressbar')).toBeInTheDocument();

    deliver();
    const notSent = await findToast('Not sent: WhatsApp is not set up; the message is kept in the outbox.');
    expect(notSent.words).toBeVisible();
    expect(notSent.kind).toBe('warning');
    expect(screen.queryByText(whatsAppSendMessages.sent)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: documentPageTexts.sendWhatsApp })).toBeEnabled();
    expect(await within(messagesList()).findByText('Kept in the outbox (WhatsApp not set up)')).toBeVisible();
    expect(within(messagesList()).getByText('To 9822000001')).toBeVisible();
    expect(server.requests(sendRoute)[0]?.body).toEqual({
      mobileNumber: '9822000001',
      patientName: 'Asha Patil',
      partnerName: sushrutDental.name,
      date: '23/11/2026',
      prescriptionId: id,
    });
    expect(server.requests(messagesRoute)[0]?.url.searchParams.get('id')).toBe(id);
  });

  it('toasts "Message sent successfully" only when WhatsApp accepted the message', async () => {
    openPreview({ outcomes: ['sent'] });
    await findSheet();

    await userEvent.click(sendButton());
    const sent = await findToast('Message sent successfully');
    expect(sent.words).toBeVisible();
    expect(sent.kind).toBe('success');
    expect(screen.queryByText(whatsAppSendMessages.notSent)).not.toBeInTheDocument();
    expect(await within(messagesList()).findByText('Sent')).toBeVisible();
  });

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

  it('toasts "Some error occured" on a failed send, shows why, and sends again from the list', async () => {
    const server = openPreview({ outcomes: ['failed', 'sent'] });
    await findSheet();

    await userEvent.click(sendButton());
    expect(await screen.findByText(consultationFormMessages.messageFailed)).toBeVisible();
    const failed = await within(messagesList()).findByText(
      prescriptionMessagesTexts.failedBecause('Recipient phone number not on WhatsApp'),
    );
    expect(failed).toBeVisible();

    await userEvent.click(
      within(messagesList()).getByRole('button', { name: prescriptionMessagesTexts.sendAgain }),
    );
    expect(await within(messagesList()).findByText(prescriptionMessagesTexts.statuses.sent)).toBeVisible();
    const statuses = within(messagesList())
      .getAllByRole('listitem')
      .map((item) => within(item).queryByText(/Sent|Failed/)?.textContent);
    expect(statuses).toEqual(['Sent', 'Failed: Recipient phone number not on WhatsApp']);
    expect(server.requests(sendRoute)).toHaveLength(2);
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

  it('is not offered to a visitor who is not signed in, and lists no messages', async () => {
    const server = openPreview({}, false);
    await findSheet();

    expect(screen.getByRole('button', { name: documentPageTexts.print })).toBeVisible();
    expect(screen.queryByRole('button', { name: documentPageTexts.sendWhatsApp })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: prescriptionMessagesTexts.title })).not.toBeInTheDocument();
    expect(server.requests(messagesRoute)).toHaveLength(0);
  });
});

describe('the read-only prescription', () => {
  it('opens for a visitor with no session, asking without a token, with nothing to press but Print', async () => {
    const server = fakeServer({ ...fakePrescription(), [messagesRoute]: answer({ data: [] }) });
    renderApp(`/prescription/${id}`);

    const sheet = within(await findSheet());
    expect(sheet.getByText('Asha Patil, 34Y')).toBeVisible();
    expect(sheet.getAllByRole('row')).toHaveLength(7);
    expect(server.requests(publicRoute)[0]?.headers.get('Authorization')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      documentPageTexts.print,
    ]);
    expect(server.requests(messagesRoute)).toHaveLength(0);
  });

  it('sits outside the app shell (no MUI, query cache or toasts), under the root layout alone', () => {
    const matched = matchRoutes(routes, `/prescription/${id}`) ?? [];
    expect(matched.map((match) => match.route.path)).toEqual([undefined, '/prescription/:id']);
    expect(matched[0]?.route.Component).toBe(RootLayout);
  });

  it('scrolls its medicines table in a box of its own, next after Print for the keyboard', async () => {
    fakeServer(fakePrescription());
    renderApp(`/prescription/${id}`);
    const sheet = within(await findSheet());

    const medicines = sheet.getByRole('region', { name: prescriptionTexts.medicines });
    expect(medicines).toContainElement(sheet.getByRole('table'));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: documentPageTexts.print })).toHaveFocus();
    await userEvent.tab();
    expect(medicines).toHaveFocus();
  });

  it('sends no token even when the clinic’s staff open it signed in', async () => {
    storeSignedInSession();
    const server = fakeServer(fakePrescription());
    renderApp(`/prescription/${id}`);

    await findSheet();
    await waitFor(() => expect(server.requests(publicRoute)).toHaveLength(1));
    expect(server.requests(publicRoute)[0]?.headers.get('Authorization')).toBeNull();
  });
});
