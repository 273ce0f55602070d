import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingsScreen } from '@vaidya/contract/page-intros';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionKeys } from '../lib/session';
import { answer, fakeServer, storeSignedInSession, unreachable } from '../testing/fake-server';
import { renderApp } from '../testing/render-app';
import { onAScreenOf } from '../testing/screen-width';

async function expectPage(router: ReturnType<typeof renderApp>, path: string, heading: string) {
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(router.state.location.pathname).toBe(path);
}

async function signOutFromAccountMenu() {
  await userEvent.click(await screen.findByRole('button', { name: /^Account/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
}

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  server = fakeServer();
});

describe('a visitor who is not signed in', () => {
  it('lands on the public page from an unknown address', async () => {
    const router = renderApp('/no/such/page');
    await expectPage(router, '/', 'Vaidya');
  });

  it('is sent to sign in when opening a dashboard page', async () => {
    const router = renderApp('/dashboard/bills');
    await expectPage(router, '/signin', 'Sign in');
  });

  it('sees the landing page with a contact link in the footer', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Vaidya' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
  });

  it('sees only the contact link in the footer of the other public pages, not the server’s engine', async () => {
    renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    expect(footer).toHaveTextContent(/^Contact us$/);
    expect(server.requests('GET /api/health')).toEqual([]);
  });

  it.each([
    ['/', 'Vaidya'],
    ['/signin', 'Sign in · Vaidya'],
    ['/sign-up-secure', 'Sign up · Vaidya'],
    ['/reset-password', 'Reset password · Vaidya'],
    ['/contact-us', 'Contact us · Vaidya'],
    ['/bill/4f1c', 'Bill · Vaidya'],
  ])('sees %s named %j in the browser tab', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('sees the tab renamed on moving to another page', async () => {
    const router = renderApp('/signin');
    await waitFor(() => expect(document.title).toBe('Sign in · Vaidya'));

    await userEvent.click(await screen.findByRole('link', { name: 'Contact us' }));

    await expectPage(router, '/contact-us', 'Contact us');
    expect(document.title).toBe('Contact us · Vaidya');
  });

  it.each([
    ['/signin', 'Sign in'],
    ['/sign-up-secure', 'Create your clinic account'],
    ['/reset-password', 'Reset password'],
    ['/new-password', 'Set a new password'],
    ['/contact-us', 'Contact us'],
    ['/prescription-preview/4f1c', 'No prescription found'],
    ['/prescription/4f1c', 'No prescription found'],
    ['/bill-preview/4f1c', 'No bill found'],
    ['/bill/4f1c', 'No bill found'],
  ])('can open %s', async (path, heading) => {
    const router = renderApp(path);
    await expectPage(router, path, heading);
  });
});

describe('a signed-in user', () => {
  beforeEach(() => {
    storeSignedInSession();
  });

  it('goes from the public page straight to bookings', async () => {
    const router = renderApp('/');
    await expectPage(router, '/dashboard/bookings', 'Bookings');
  });

  it('goes to bookings from an unknown address', async () => {
    const router = renderApp('/no/such/page');
    await expectPage(router, '/dashboard/bookings', 'Bookings');
  });

  it('opens bookings at /dashboard', async () => {
    const router = renderApp('/dashboard');
    await expectPage(router, '/dashboard/bookings', 'Bookings');
  });

  it.each([
    ['/dashboard/bookings', 'Bookings'],
    ['/dashboard/schedule', 'Schedule'],
    ['/dashboard/settings', 'Settings'],
    ['/dashboard/referrals', 'Referrals'],
    ['/dashboard/payment', 'Payment'],
    ['/dashboard/qrcode', 'QR Code of your website'],
    ['/dashboard/prescription-masters', 'Prescription Masters'],
    ['/dashboard/treatment-masters', 'Treatment Masters'],
    ['/dashboard/bills', 'Bills'],
  ])('can open %s', async (path, heading) => {
    const router = renderApp(path);
    await expectPage(router, path, heading);
  });

  it.each([
    ['/dashboard/bookings', 'Bookings · Vaidya'],
    ['/dashboard/qrcode', 'QR Code · Vaidya'],
    ['/dashboard/prescription-masters', 'Prescription Masters · Vaidya'],
  ])('sees %s named %j in the browser tab', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('sees a master list named in the tab, and Prescription Masters again on coming back', async () => {
    const noRecords = answer({ data: { results: [], pagination: { total: 0, page: 1, limit: 10 } } });
    fakeServer({ 'GET /api/masters/get-complaints': noRecords, 'GET /api/masters/get-products': noRecords });
    const router = renderApp('/dashboard/prescription-masters?list=medicines');
    await waitFor(() => expect(document.title).toBe('Medicines · Vaidya'));

    await userEvent.click(await screen.findByRole('button', { name: 'Back to Prescription Masters' }));
    await waitFor(() => expect(document.title).toBe('Prescription Masters · Vaidya'));

    await userEvent.click(await screen.findByRole('button', { name: /^Complaints/ }));
    await waitFor(() => expect(document.title).toBe('Complaints · Vaidya'));
    expect(router.state.location.search).toBe('?list=complaints');
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Prescription Masters' }));
    await waitFor(() => expect(document.title).toBe('Prescription Masters · Vaidya'));
  });

  it('sees the page’s heading and line in the dashboard’s frame while its code arrives, then the page', async () => {
    renderApp('/dashboard/bookings');

    // A picture for the eye: a screen reader hears that the page is loading, and no heading before the page's own.
    expect(screen.getByText(bookingsScreen.description)).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: bookingsScreen.title })).toBeVisible();
    expect(screen.getByText(bookingsScreen.description)).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('moves between dashboard pages from the navigation', async () => {
    const router = renderApp('/dashboard/bookings');
    await expectPage(router, '/dashboard/bookings', 'Bookings');
    // A desktop has its navigation open beside the page, and no menu button.
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Treatment Masters' }));

    await expectPage(router, '/dashboard/treatment-masters', 'Treatment Masters');
    expect(screen.getByRole('link', { name: 'Treatment Masters' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Bills' }));
    await expectPage(router, '/dashboard/bills', 'Bills');
    expect(document.title).toBe('Bills · Vaidya');
  });

  it('finds each screen under one name: its navigation item opens the heading and the tab of that name', {
    timeout: 120_000,
  }, async () => {
    renderApp('/dashboard/bookings');
    await screen.findByRole('heading', { level: 1, name: 'Bookings' });
    const navigation = screen.getByRole('navigation', { name: 'Dashboard' });
    // The booking website opens in a new tab, outside the dashboard.
    const labels = within(navigation)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') !== '_blank')
      .map((link) => link.textContent ?? '');
    expect(labels).toContain('Prescription Masters');

    for (const label of labels) {
      await userEvent.click(within(navigation).getByRole('link', { name: label }));
      // The spec's heading "QR Code of your website" goes on from its item's "QR Code".
      const heading = await screen.findByRole(
        'heading',
        { level: 1, name: new RegExp(`^${label}`) },
        { timeout: 10_000 },
      );
      expect(heading).toBeVisible();
      await waitFor(() => expect(document.title).toBe(`${label} · Vaidya`));
    }
  });

  it('opens the navigation from the menu button on a small screen', async () => {
    onAScreenOf(360);
    renderApp('/dashboard/bookings');
    await screen.findByRole('heading', { level: 1, name: 'Bookings' });
    // A phone builds no navigation until it is asked for.
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));

    const drawer = await screen.findByRole('presentation');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Bills' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bills' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
  });

  it('signs out to the sign-in page, ends this device’s session on the server and forgets it here', async () => {
    const router = renderApp('/dashboard/bookings');
    await expectPage(router, '/dashboard/bookings', 'Bookings');

    await signOutFromAccountMenu();

    await expectPage(router, '/signin', 'Sign in');
    await waitFor(() => expect(server.requests('RevokeToken')).toHaveLength(1));
    expect(server.requests('RevokeToken')[0]?.body).toEqual({
      ClientId: 'vaidya-web',
      Token: 'refresh-token',
    });
    // The user's other devices stay signed in.
    expect(server.requests('GlobalSignOut')).toEqual([]);
    for (const key of Object.values(sessionKeys)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('still signs out when the server cannot be told', async () => {
    fakeServer({ RevokeToken: unreachable });
    const router = renderApp('/dashboard/bookings');
    await expectPage(router, '/dashboard/bookings', 'Bookings');

    await signOutFromAccountMenu();

    await expectPage(router, '/signin', 'Sign in');
    expect(localStorage.getItem(sessionKeys.idToken)).toBeNull();
  });
});
