import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billMessagesTexts, billTexts } from '@vaidya/contract/bill-screens';
import { billMessages, type PublicBill } from '@vaidya/contract/bills';
import { whatsAppSendMessages } from '@vaidya/contract/consultation-forms';
import { documentPageTexts } from '@vaidya/contract/prescription-screens';
import { matchRoutes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../../app/root-layout';
import { routes } from '../../app/router';
import { fakeBill, fullBill } from '../../testing/fake-bill';
import { uuid } from '../../testing/fake-masters';
import { fakeServer, kothrud, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { findToast } from '../../testing/toasts';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/app-shell'),
    import('./bill-preview-page'),
    import('./bill-view-page'),
  ]);
});

const id = fullBill.bill.id;
const publicRoute = `GET /api/public/bill/${id}`;
const sendRoute = 'POST /api/bill/send-message';
const messagesRoute = 'GET /api/bill/get-messages';

const findSheet = () => screen.findByRole('article', { name: billTexts.document }, firstAppearance);
const sendButton = () => screen.getByRole('button', { name: documentPageTexts.sendWhatsApp });
const messagesList = () => screen.getByRole('region', { name: billMessagesTexts.title });
const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);

function openPreview(options: Parameters<typeof fakeBill>[0] = {}, signedIn = true) {
  if (signedIn) storeSignedInSession();
  const server = fakeServer(fakeBill(options));
  renderApp(`/bill-preview/${options.bill?.bill.id ?? id}`);
  return server;
}

describe('the bill preview', { timeout: 30_000 }, () => {
  it('prints the clinic, the patient, the lines, the totals in figures and words, and the payments', async () => {
    openPreview();
    const sheet = await findSheet();
    const page = within(sheet);

    const header = within(sheet.querySelector('header') as HTMLElement);
    expect(header.getByRole('heading', { level: 1, name: sushrutDental.name })).toBeVisible();
    for (const line of ['Dentist', kothrud.location_name, kothrud.address, kothrud.contact_no]) {
      expect(header.getByText(line)).toBeVisible();
    }

    const patient = within(page.getByRole('region', { name: billTexts.patient }));
    for (const line of ['Asha Patil', 'Mobile: 9822000001', 'Bill No.: 2026-27/42', 'Date: 23/11/2026']) {
      expect(patient.getByText(line)).toBeVisible();
    }

    const items = within(page.getByRole('region', { name: billTexts.items })).getAllByRole('row');
    expect(items.map(cellsOf)).toEqual([
      ['S.No', 'Item', 'Qty', 'Unit Price', 'Tax %', 'Tax', 'Amount'],
      ['1', 'Scaling and polishing', '1', '₹800.00', '0%', '₹0.00', '₹800.00'],
      ['2', 'Amoxicillin 500', '3', '₹50.00', '12%', '₹16.56', '₹150.00'],
      ['3', 'Sensodyne toothpaste', '2', '₹150.00', '28%', '₹77.28', '₹300.00'],
    ]);

    const totals = within(page.getByRole('region', { name: billTexts.totals })).getAllByRole('row');
    expect(totals.map(cellsOf)).toEqual([
      ['Subtotal', '₹1,250.00'],
      ['Discount', '₹100.00'],
      ['Tax', '₹93.84'],
      ['Total', '₹1,243.84'],
      ['Paid', '₹1,000.00'],
      ['Balance', '₹243.84'],
    ]);
    expect(
      page.getByText(
        'Amount in words: Rupees One Thousand Two Hundred Forty-Three and Eighty-Four Paise Only',
      ),
    ).toBeVisible();

    const payments = within(page.getByRole('region', { name: billTexts.payments })).getAllByRole('row');
    expect(payments.map(cellsOf)).toEqual([
      ['Date', 'Mode', 'Amount'],
      ['23/11/2026', 'Cash', '₹600.00'],
      ['25/11/2026', 'UPI', '₹400.00'],
    ]);
  });

  it('prints the clinic’s header image when it has one, and no payments section when nothing was paid', async () => {
    const header = 'https://files.example/header.png';
    const unpaid: PublicBill = {
      ...fullBill,
      bill: { ...fullBill.bill, amount_paid: 0, balance: fullBill.bill.final_amount, payments: [] },
      partner: { ...fullBill.partner, consultation_form_header_url: header },
    };
    openPreview({ bill: unpaid });
    const sheet = within(await findSheet());

    expect(sheet.getByRole('img', { name: billTexts.headerAlt })).toHaveAttribute('src', header);
    expect(sheet.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(sheet.queryByText(kothrud.address)).not.toBeInTheDocument();
    expect(sheet.queryByRole('region', { name: billTexts.payments })).not.toBeInTheDocument();
  });

  it('offers the clinic’s staff Back to the bills list for a bill written there, and Edit', async () => {
    const server = openPreview();
    await findSheet();
    const toolbar = within(screen.getByRole('toolbar', { name: documentPageTexts.actions }));

    expect(toolbar.getByRole('link', { name: documentPageTexts.edit })).toHaveAttribute(
      'href',
      `/dashboard/bill-editor?id=${id}`,
    );
    await waitFor(() => expect(server.requests('GET /api/bill/get-by-id')).toHaveLength(1));
    expect(toolbar.getByRole('link', { name: documentPageTexts.back })).toHaveAttribute(
      'href',
      '/dashboard/bills',
    );
  });

  it('sends Back to the bookings screen for a bill written for a booking', async () => {
    openPreview({ slotId: uuid(1300) });
    await findSheet();
    const toolbar = within(screen.getByRole('toolbar', { name: documentPageTexts.actions }));

    await waitFor(() =>
      expect(toolbar.getByRole('link', { name: documentPageTexts.back })).toHaveAttribute(
        'href',
        '/dashboard/bookings',
      ),
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

  it('says there is no bill for an unknown id, with no error toast', async () => {
    fakeServer({});
    renderApp(`/bill-preview/${uuid(1899)}`);

    expect(await screen.findByText(billTexts.notFound, {}, firstAppearance)).toBeVisible();
    expect(screen.queryByText(billTexts.fetchError)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: documentPageTexts.print })).not.toBeInTheDocument();
  });

  it('toasts "Error fetching bill" when the server fails, and Retry fetches it again', async () => {
    let calls = 0;
    const server = fakeServer({
      ...fakeBill(),
      [publicRoute]: () => {
        calls += 1;
        return calls <= 2
          ? Response.json({ message: 'Something went wrong', code: 'INTERNAL' }, { status: 500 })
          : Response.json({ data: fullBill });
      },
    });
    renderApp(`/bill-preview/${id}`);

    expect(await screen.findByText(billTexts.fetchError, {}, firstAppearance)).toBeVisible();
    expect(screen.getByText(billTexts.notFound)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: documentPageTexts.retry }));
    expect(await findSheet()).toBeVisible();
    expect(server.requests(publicRoute)).toHaveLength(3);
  });
});

describe('sending the bill on WhatsApp', { timeout: 30_000 }, () => {
  it('disables the button with a spinner while sending; with WhatsApp not set up says it was not sent and lists the message kept', async () => {
    let deliver = () => {};
    const server = openPreview({ sendsHeldUntil: new Promise<void>((resolve) => (deliver = resolve)) });
    await findSheet();
    expect(await within(messagesList()).findByText(billMessagesTexts.empty)).toBeVisible();
    expect(within(messagesList()).getByText(billMessagesTexts.description)).toBeVisible();

    await userEvent.click(sendButton());
    const sending = screen.getByRole('button', { name: documentPageTexts.sending });
    expect(sending).toBeDisabled();

    deliver();
    const notSent = await findToast('Not sent: WhatsApp is not set up; the message is kept in the outbox.');
    expect(notSent.words).toBeVisible();
    expect(notSent.kind).toBe('warning');
    expect(screen.queryByText(whatsAppSendMessages.sent)).not.toBeInTheDocument();
    expect(await within(messagesList()).findByText('Kept in the outbox (WhatsApp not set up)')).toBeVisible();
    expect(server.requests(sendRoute)[0]?.body).toEqual({
      mobileNumber: '9822000001',
      patientName: 'Asha Patil',
      partnerName: sushrutDental.name,
      date: '23/11/2026',
      billId: id,
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

  it('toasts "Some error occured" on a failed send, shows why, and sends again from the list', async () => {
    const server = openPreview({ outcomes: ['failed', 'sent'] });
    await findSheet();

    await userEvent.click(sendButton());
    expect(await screen.findByText(billMessages.messageFailed)).toBeVisible();
    expect(
      await within(messagesList()).findByText(
        billMessagesTexts.failedBecause('Recipient phone number not on WhatsApp'),
      ),
    ).toBeVisible();

    await userEvent.click(within(messagesList()).getByRole('button', { name: billMessagesTexts.sendAgain }));
    expect(await within(messagesList()).findByText(billMessagesTexts.statuses.sent)).toBeVisible();
    expect(server.requests(sendRoute)).toHaveLength(2);
  });

  it('is not offered to a visitor who is not signed in, and lists no messages', async () => {
    const server = openPreview({}, false);
    await findSheet();

    expect(screen.queryByRole('button', { name: documentPageTexts.sendWhatsApp })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: billMessagesTexts.title })).not.toBeInTheDocument();
    expect(server.requests(messagesRoute)).toHaveLength(0);
    expect(server.requests('GET /api/bill/get-by-id')).toHaveLength(0);
  });
});

describe('the read-only bill', { timeout: 30_000 }, () => {
  it('opens for a visitor with no session, asking without a token, with nothing to press but Print', async () => {
    const server = fakeServer(fakeBill());
    renderApp(`/bill/${id}`);

    const sheet = within(await findSheet());
    expect(sheet.getByText('Bill No.: 2026-27/42')).toBeVisible();
    expect(server.requests(publicRoute)[0]?.headers.get('Authorization')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      documentPageTexts.print,
    ]);
    expect(server.requests(messagesRoute)).toHaveLength(0);
  });

  it('sits outside the app shell (no MUI, query cache or toasts), under the root layout alone', () => {
    const matched = matchRoutes(routes, `/bill/${id}`) ?? [];
    expect(matched.map((match) => match.route.path)).toEqual([undefined, '/bill/:id']);
    expect(matched[0]?.route.Component).toBe(RootLayout);
  });

  it('scrolls its items table in a box of its own, next after Print for the keyboard', async () => {
    fakeServer(fakeBill());
    renderApp(`/bill/${id}`);
    const sheet = within(await findSheet());

    const items = sheet.getByRole('region', { name: billTexts.items });
    expect(items).toContainElement(sheet.getAllByRole('table')[0] as HTMLElement);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: documentPageTexts.print })).toHaveFocus();
    await userEvent.tab();
    expect(items).toHaveFocus();
  });

  it('sends no token even when the clinic’s staff open it signed in', async () => {
    storeSignedInSession();
    const server = fakeServer(fakeBill());
    renderApp(`/bill/${id}`);

    await findSheet();
    await waitFor(() => expect(server.requests(publicRoute)).toHaveLength(1));
    expect(server.requests(publicRoute)[0]?.headers.get('Authorization')).toBeNull();
  });
});
