import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billMessagesTexts, billTexts } from '@vaidya/contract/bill-screens';
import { billMessages } from '@vaidya/contract/bills';
import {
  consultationFormMessages,
  type OutboxStatus,
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
import { fakeBill, fullBill } from '../../testing/fake-bill';
import { uuid } from '../../testing/fake-masters';
import { fakePrescription, fullPrescription } from '../../testing/fake-prescription';
import {
  fakeServer,
  type Handler,
  kothrud,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';
import { findToast } from '../../testing/toasts';

/**
 * What both documents do alike, through their real pages: the preview (`DocumentPreviewPage`)
 * and the patient's read-only copy. What each prints, and where its Back goes, is tested
 * beside its own pages.
 */

// The router loads the pages lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };

interface FakeOptions {
  outcomes?: OutboxStatus[];
  sendsHeldUntil?: Promise<void>;
}

/** A document's own calls and pages, from its name in the app's addresses and the API's. */
const kinds = [
  {
    name: 'prescription',
    api: 'consultation-form',
    id: fullPrescription.consultation_form_data.id,
    texts: { sheet: prescriptionTexts, messages: prescriptionMessagesTexts },
    fake: (options: FakeOptions = {}) => fakePrescription(options),
    found: fullPrescription,
    sendFailed: consultationFormMessages.messageFailed,
    payload: { prescriptionId: fullPrescription.consultation_form_data.id },
    /** A line of the sheet, how many rows its tables hold, and the wide one that scrolls. */
    printed: { line: 'Asha Patil, 34Y', rows: 7, wideTable: prescriptionTexts.medicines },
    /** Where its patient link goes is asked of the clinic's own form. */
    staffOnly: ['GET /api/consultation-form/get-by-id'],
  },
  {
    name: 'bill',
    api: 'bill',
    id: fullBill.bill.id,
    texts: { sheet: billTexts, messages: billMessagesTexts },
    fake: (options: FakeOptions = {}) => fakeBill(options),
    found: fullBill,
    sendFailed: billMessages.messageFailed,
    payload: { billId: fullBill.bill.id },
    // Items (3 and the headings), totals (6) and payments (2 and the headings).
    printed: { line: 'Bill No.: 2026-27/42', rows: 13, wideTable: billTexts.items },
    /** Where its Back and its patient link go is asked of the clinic's own bill, once. */
    staffOnly: ['GET /api/bill/get-by-id'],
  },
].map((kind) => ({
  ...kind,
  preview: `/${kind.name}-preview/${kind.id}`,
  readOnly: `/${kind.name}/${kind.id}`,
  publicRoute: `GET /api/public/${kind.name}/${kind.id}`,
  sendRoute: `POST /api/${kind.api}/send-message`,
  messagesRoute: `GET /api/${kind.api}/get-messages`,
}));

beforeAll(() => loadRoutes(...kinds.flatMap((kind) => [kind.preview, kind.readOnly])));

describe.each(kinds)('the $name preview', { timeout: 30_000 }, (kind) => {
  const findSheet = () => screen.findByRole('article', { name: kind.texts.sheet.document }, firstAppearance);
  const sendButton = () => screen.getByRole('button', { name: documentPageTexts.sendWhatsApp });
  const messagesList = () => screen.getByRole('region', { name: kind.texts.messages.title });

  function openPreview(options: FakeOptions = {}, signedIn = true) {
    if (signedIn) storeSignedInSession();
    const server = fakeServer(kind.fake(options));
    renderApp(kind.preview);
    return server;
  }

  it('heads the sheet with the clinic’s name, speciality and location when it has no header image', async () => {
    openPreview();
    const header = within((await findSheet()).querySelector('header') as HTMLElement);

    expect(header.getByRole('heading', { level: 1, name: sushrutDental.name })).toBeVisible();
    for (const line of ['Dentist', kothrud.location_name, kothrud.address, kothrud.contact_no]) {
      expect(header.getByText(line)).toBeVisible();
    }
    expect(header.queryByRole('img')).not.toBeInTheDocument();
  });

  it('prints with the browser’s print', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    openPreview();
    await findSheet();

    await userEvent.click(screen.getByRole('button', { name: documentPageTexts.print }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says there is none for an unknown id, with no error toast', async () => {
    fakeServer({});
    renderApp(`/${kind.name}-preview/${uuid(9999)}`);

    expect(await screen.findByText(kind.texts.sheet.notFound, {}, firstAppearance)).toBeVisible();
    expect(screen.queryByText(kind.texts.sheet.fetchError)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: documentPageTexts.print })).not.toBeInTheDocument();
  });

  it('says it could not be fetched when the server fails, and Retry fetches it again', async () => {
    let calls = 0;
    const failingTwice: Handler = () => {
      calls += 1;
      return calls <= 2
        ? Response.json({ message: 'Something went wrong', code: 'INTERNAL' }, { status: 500 })
        : Response.json({ data: kind.found });
    };
    const server = fakeServer({ ...kind.fake(), [kind.publicRoute]: failingTwice });
    renderApp(kind.preview);

    expect(await screen.findByText(kind.texts.sheet.fetchError, {}, firstAppearance)).toBeVisible();
    expect(screen.getByText(kind.texts.sheet.notFound)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: documentPageTexts.retry }));
    expect(await findSheet()).toBeVisible();
    expect(server.requests(kind.publicRoute)).toHaveLength(3);
  });

  it('disables Send WhatsApp with a spinner while sending; with WhatsApp not set up says it was not sent and lists the message kept', async () => {
    let deliver = () => {};
    const server = openPreview({ sendsHeldUntil: new Promise<void>((resolve) => (deliver = resolve)) });
    await findSheet();
    expect(await within(messagesList()).findByText(kind.texts.messages.empty)).toBeVisible();
    expect(within(messagesList()).getByText(kind.texts.messages.description)).toBeVisible();

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
    expect(server.requests(kind.sendRoute)[0]?.body).toEqual({
      mobileNumber: '9822000001',
      patientName: 'Asha Patil',
      partnerName: sushrutDental.name,
      date: '23/11/2026',
      ...kind.payload,
    });
    expect(server.requests(kind.messagesRoute)[0]?.url.searchParams.get('id')).toBe(kind.id);
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

  it('toasts "Some error occured" on a failed send, shows why, and sends again from the list', async () => {
    const server = openPreview({ outcomes: ['failed', 'sent'] });
    await findSheet();

    await userEvent.click(sendButton());
    expect(await screen.findByText(kind.sendFailed)).toBeVisible();
    expect(
      await within(messagesList()).findByText(
        kind.texts.messages.failedBecause('Recipient phone number not on WhatsApp'),
      ),
    ).toBeVisible();

    await userEvent.click(
      within(messagesList()).getByRole('button', { name: kind.texts.messages.sendAgain }),
    );
    expect(await within(messagesList()).findByText(kind.texts.messages.statuses.sent)).toBeVisible();
    const statuses = within(messagesList())
      .getAllByRole('listitem')
      .map((item) => within(item).queryByText(/Sent|Failed/)?.textContent);
    expect(statuses).toEqual(['Sent', 'Failed: Recipient phone number not on WhatsApp']);
    expect(server.requests(kind.sendRoute)).toHaveLength(2);
  });

  it('links the clinic’s staff to the page of the patient it is for, asking the clinic’s record once', async () => {
    const server = openPreview();
    await findSheet();
    const toolbar = within(screen.getByRole('toolbar', { name: documentPageTexts.actions }));
    expect(await toolbar.findByRole('link', { name: documentPageTexts.patient })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/dashboard\/patients\/[0-9a-f-]{36}$/),
    );
    for (const route of kind.staffOnly) expect(server.requests(route)).toHaveLength(1);
  });

  it('offers a visitor who is not signed in Print alone, and asks nothing of the clinic’s own calls', async () => {
    const server = openPreview({}, false);
    await findSheet();

    expect(screen.getByRole('button', { name: documentPageTexts.print })).toBeVisible();
    expect(screen.queryByRole('button', { name: documentPageTexts.sendWhatsApp })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: kind.texts.messages.title })).not.toBeInTheDocument();
    for (const route of [kind.messagesRoute, ...kind.staffOnly]) {
      expect(server.requests(route)).toHaveLength(0);
    }
  });
});

describe.each(kinds)('the read-only $name', { timeout: 30_000 }, (kind) => {
  const findSheet = () => screen.findByRole('article', { name: kind.texts.sheet.document }, firstAppearance);

  it('opens for a visitor with no session, asking without a token, with nothing to press but Print', async () => {
    const server = fakeServer(kind.fake());
    renderApp(kind.readOnly);

    const sheet = within(await findSheet());
    expect(sheet.getByText(kind.printed.line)).toBeVisible();
    expect(sheet.getAllByRole('row')).toHaveLength(kind.printed.rows);
    expect(server.requests(kind.publicRoute)[0]?.headers.get('Authorization')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      documentPageTexts.print,
    ]);
    expect(server.requests(kind.messagesRoute)).toHaveLength(0);
  });

  it('sits outside the app shell (no MUI, query cache or toasts), under the root layout alone', () => {
    const matched = matchRoutes(routes, kind.readOnly) ?? [];
    expect(matched.map((match) => match.route.path)).toEqual([undefined, `/${kind.name}/:id`]);
    expect(matched[0]?.route.Component).toBe(RootLayout);
  });

  it('scrolls its wide table in a box of its own, next after Print for the keyboard', async () => {
    fakeServer(kind.fake());
    renderApp(kind.readOnly);
    const sheet = within(await findSheet());

    const box = sheet.getByRole('region', { name: kind.printed.wideTable });
    expect(box).toContainElement(sheet.getAllByRole('table')[0] as HTMLElement);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: documentPageTexts.print })).toHaveFocus();
    await userEvent.tab();
    expect(box).toHaveFocus();
  });

  it('sends no token even when the clinic’s staff open it signed in', async () => {
    storeSignedInSession();
    const server = fakeServer(kind.fake());
    renderApp(kind.readOnly);

    await findSheet();
    await waitFor(() => expect(server.requests(kind.publicRoute)).toHaveLength(1));
    expect(server.requests(kind.publicRoute)[0]?.headers.get('Authorization')).toBeNull();
  });
});
