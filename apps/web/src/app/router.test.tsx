import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../lib/session';
import { AppProviders, createQueryClient } from './providers';
import { routes } from './router';

function signIn() {
  localStorage.setItem(sessionKeys.idToken, 'id-token');
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function expectPage(router: ReturnType<typeof renderAt>, path: string, heading: string) {
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(router.state.location.pathname).toBe(path);
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ data: { status: 'ok', database: 'pglite' } })),
  );
});

describe('a visitor who is not signed in', () => {
  it('lands on the public page from an unknown address', async () => {
    const router = renderAt('/no/such/page');
    await expectPage(router, '/', 'Vaidya');
  });

  it('is sent to sign in when opening a dashboard page', async () => {
    const router = renderAt('/dashboard/bills');
    await expectPage(router, '/signin', 'Sign in');
  });

  it('sees the landing page with a contact link and the server status in the footer', async () => {
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Vaidya' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    expect(await screen.findByText('server: ok (pglite)')).toBeVisible();
  });

  it.each([
    ['/signin', 'Sign in'],
    ['/sign-up-secure', 'Sign up'],
    ['/reset-password', 'Reset password'],
    ['/new-password', 'Set a new password'],
    ['/contact-us', 'Contact us'],
    ['/prescription-preview/4f1c', 'Prescription'],
    ['/prescription/4f1c', 'Prescription'],
    ['/bill-preview/4f1c', 'Bill'],
    ['/bill/4f1c', 'Bill'],
  ])('can open %s', async (path, heading) => {
    const router = renderAt(path);
    await expectPage(router, path, heading);
  });
});

describe('a signed-in user', () => {
  beforeEach(signIn);

  it('goes from the public page straight to bookings', async () => {
    const router = renderAt('/');
    await expectPage(router, '/dashboard/bookings', 'Bookings');
  });

  it('goes to bookings from an unknown address', async () => {
    const router = renderAt('/no/such/page');
    await expectPage(router, '/dashboard/bookings', 'Bookings');
  });

  it('opens bookings at /dashboard', async () => {
    const router = renderAt('/dashboard');
    await expectPage(router, '/dashboard/bookings', 'Bookings');
  });

  it.each([
    ['/dashboard/bookings', 'Bookings'],
    ['/dashboard/schedule', 'Schedule'],
    ['/dashboard/settings', 'Settings'],
    ['/dashboard/referrals', 'Referrals'],
    ['/dashboard/payment', 'Payment'],
    ['/dashboard/qrcode', 'QR Code of your website'],
    ['/dashboard/prescription-masters', 'Consultation Masters'],
    ['/dashboard/treatment-masters', 'Treatment Masters'],
    ['/dashboard/bills', 'Bills'],
  ])('can open %s', async (path, heading) => {
    const router = renderAt(path);
    await expectPage(router, path, heading);
  });

  it('moves between dashboard pages from the navigation', async () => {
    const router = renderAt('/dashboard/bookings');
    await expectPage(router, '/dashboard/bookings', 'Bookings');

    await userEvent.click(screen.getByRole('link', { name: 'Treatment Masters' }));

    await expectPage(router, '/dashboard/treatment-masters', 'Treatment Masters');
    expect(screen.getByRole('link', { name: 'Treatment Masters' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the navigation from the menu button on a small screen', async () => {
    renderAt('/dashboard/bookings');
    await screen.findByRole('heading', { level: 1, name: 'Bookings' });

    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));

    const drawer = await screen.findByRole('presentation');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Bills' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bills' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
  });

  it('signs out to the sign-in page and forgets the session', async () => {
    localStorage.setItem(sessionKeys.selectedLocationId, 'loc-1');
    const router = renderAt('/dashboard/bookings');
    await expectPage(router, '/dashboard/bookings', 'Bookings');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await expectPage(router, '/signin', 'Sign in');
    expect(localStorage.getItem(sessionKeys.idToken)).toBeNull();
    expect(localStorage.getItem(sessionKeys.selectedLocationId)).toBeNull();
  });
});
