import { screen, waitFor, within } from '@testing-library/react';
import { billTexts } from '@vaidya/contract/bill-screens';
import type { PublicBill } from '@vaidya/contract/bills';
import { documentPageTexts } from '@vaidya/contract/prescription-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBill, fullBill } from '../../testing/fake-bill';
import { uuid } from '../../testing/fake-masters';
import { fakeServer, kothrud, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

/**
 * What the bill prints and where its preview's Back goes. What it does as every document
 * does (print, retry, WhatsApp, the patient's read-only copy) is tested with the
 * prescription's in components/documents/document-preview-page.test.tsx.
 */

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([import('../../app/app-shell'), import('./bill-preview-page')]);
});

const id = fullBill.bill.id;

const findSheet = () => screen.findByRole('article', { name: billTexts.document }, firstAppearance);
const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);

/** The preview as the clinic's staff open it. */
function openPreview(options: Parameters<typeof fakeBill>[0] = {}) {
  storeSignedInSession();
  const server = fakeServer(fakeBill(options));
  renderApp(`/bill-preview/${options.bill?.bill.id ?? id}`);
  return server;
}

describe('the bill preview', { timeout: 30_000 }, () => {
  it('prints the patient, the lines, the totals in figures and words, and the payments', async () => {
    openPreview();
    const page = within(await findSheet());

    const patient = within(page.getByRole('region', { name: billTexts.patient }));
    for (const line of [
      'Asha Patil',
      'Mobile: 9822000001',
      'Bill No.: 2026-27/42',
      'Date: 23/11/2026',
      // Its doctor, with their registration number (issue 23).
      'Doctor: Dr Sushrut Kulkarni (Reg. No. A-12345)',
    ]) {
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
});
