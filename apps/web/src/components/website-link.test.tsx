import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardTexts } from '@vaidya/contract/dashboard-screens';
import { websiteLinkTexts } from '@vaidya/contract/settings-screens';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSchedule } from '../testing/fake-schedule';
import { answer, fakeServer, storeSignedInSession, sushrutDental } from '../testing/fake-server';
import { loadRoutes } from '../testing/load-routes';
import { renderApp } from '../testing/render-app';

// The router loads these lazily, and a busy machine takes its time drawing the Settings page:
// the waits are for the page and its answers, however long they take within the test's time.
const firstAppearance = { timeout: 45_000 };
const busyMachine = { timeout: 15_000 };

beforeAll(() => loadRoutes('/dashboard/qrcode', '/dashboard/settings', '/dashboard/bookings'));

/** The booking website of a clinic with a website name and no own domain. */
const address = `${window.location.origin}/site/sushrut-dental`;
const withWebsite = (website: { qr_code_domain: string | null; domain_url: string | null }) => ({
  ...fakeSchedule(),
  'GET /api/get-partner-details': answer({ data: { ...sushrutDental, ...website } }),
});

/** The page's clipboard, as a browser offers it to pages it trusts (https or localhost): absent otherwise. */
function offerClipboard(clipboard: Pick<Clipboard, 'writeText'> | undefined) {
  Object.defineProperty(window.navigator, 'clipboard', { value: clipboard, configurable: true });
}

afterEach(() => {
  window.getSelection()?.removeAllRanges();
});

describe('Copy link of the booking website', { timeout: 60_000 }, () => {
  it('puts the address on the clipboard and says "Link copied", on the QR code page', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: 'sushrut-dental', domain_url: null }));
    renderApp('/dashboard/qrcode');
    const copyLink = await screen.findByRole('button', { name: websiteLinkTexts.copyLink }, firstAppearance);
    const writeText = vi.fn(() => Promise.resolve());
    offerClipboard({ writeText });

    await userEvent.click(copyLink);

    const toast = await screen.findByText(websiteLinkTexts.copied, {}, busyMachine);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
    expect(writeText).toHaveBeenCalledWith(address);
  });

  it('selects the address for the person to copy where the browser offers no clipboard', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: 'sushrut-dental', domain_url: null }));
    renderApp('/dashboard/qrcode');
    const copyLink = await screen.findByRole('button', { name: websiteLinkTexts.copyLink }, firstAppearance);
    offerClipboard(undefined);

    await userEvent.click(copyLink);

    const toast = await screen.findByText(websiteLinkTexts.selected, {}, busyMachine);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
    expect(window.getSelection()?.toString()).toBe(address);
  });

  it('selects the address as well when the browser refuses the clipboard', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: 'sushrut-dental', domain_url: null }));
    renderApp('/dashboard/qrcode');
    const copyLink = await screen.findByRole('button', { name: websiteLinkTexts.copyLink }, firstAppearance);
    offerClipboard({ writeText: () => Promise.reject(new DOMException('Write permission denied.')) });

    await userEvent.click(copyLink);

    expect(await screen.findByText(websiteLinkTexts.selected, {}, busyMachine)).toBeVisible();
    expect(window.getSelection()?.toString()).toBe(address);
    expect(screen.queryByText(websiteLinkTexts.copied)).toBeNull();
  });

  it('sits beside the website name in Settings, with the address as saved', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: 'sushrut-dental', domain_url: null }));
    renderApp('/dashboard/settings');
    const copyLink = await screen.findByRole('button', { name: websiteLinkTexts.copyLink }, firstAppearance);
    const writeText = vi.fn(() => Promise.resolve());
    offerClipboard({ writeText });

    expect(screen.getByText(websiteLinkTexts.yourWebsite)).toBeVisible();
    expect(screen.getByRole('link', { name: address })).toHaveAttribute('target', '_blank');
    await userEvent.click(copyLink);

    expect(await screen.findByText(websiteLinkTexts.copied, {}, busyMachine)).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(address);
  });
});

describe('the booking website in the dashboard’s navigation', { timeout: 60_000 }, () => {
  const bookingWebsiteLink = dashboardTexts.opensInNewTab(dashboardTexts.navigationItems.bookingWebsite);

  it('opens the clinic’s own domain, or else its website name on this app, in a new tab', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: 'sushrut-dental', domain_url: 'https://Sushrut-Dental.in/' }));
    renderApp('/dashboard/bookings');
    const navigation = await screen.findByRole(
      'navigation',
      { name: dashboardTexts.navigation },
      firstAppearance,
    );
    const link = await within(navigation).findByRole('link', { name: bookingWebsiteLink }, busyMachine);
    expect(link).toHaveAttribute('href', 'https://sushrut-dental.in');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('links to the website name on this app when the clinic has no own domain', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: 'sushrut-dental', domain_url: null }));
    renderApp('/dashboard/bookings');
    const navigation = await screen.findByRole(
      'navigation',
      { name: dashboardTexts.navigation },
      firstAppearance,
    );
    expect(
      await within(navigation).findByRole('link', { name: bookingWebsiteLink }, busyMachine),
    ).toHaveAttribute('href', address);
  });

  it('is not there while the clinic has no website', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: null, domain_url: null }));
    renderApp('/dashboard/qrcode');
    expect(await screen.findByText('Your website has no name yet', {}, firstAppearance)).toBeVisible();
    expect(screen.queryByRole('link', { name: bookingWebsiteLink })).toBeNull();
  });
});
