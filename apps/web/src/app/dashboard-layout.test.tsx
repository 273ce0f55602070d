import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../lib/session';
import {
  answer,
  baner,
  fakeJwt,
  fakeServer,
  identityError,
  inTurn,
  kothrud,
  storeSignedInSession,
  sushrutDental,
  tokensAnswer,
  unreachable,
} from '../testing/fake-server';
import { renderApp } from '../testing/render-app';

describe('the dashboard shell', () => {
  it('shows the clinic and works on its first location until told otherwise', async () => {
    storeSignedInSession();
    fakeServer();
    renderApp('/dashboard/bookings');

    expect(await screen.findByText('Sushrut Dental Clinic')).toBeVisible();
    const locationButton = screen.getByRole('button', { name: 'Location: Kothrud' });
    await waitFor(() => expect(localStorage.getItem(sessionKeys.selectedLocationId)).toBe(kothrud.id));

    await userEvent.click(locationButton);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([`Kothrud${kothrud.address}`, `Baner${baner.address}`]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Baner/ }));

    expect(await screen.findByRole('button', { name: 'Location: Baner' })).toBeVisible();
    expect(localStorage.getItem(sessionKeys.selectedLocationId)).toBe(baner.id);
  });

  it('remembers the chosen location on the next visit', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedLocationId, baner.id);
    fakeServer();
    renderApp('/dashboard/bills');

    expect(await screen.findByRole('button', { name: 'Location: Baner' })).toBeVisible();
  });

  it('falls back to the first location when the remembered one is not the clinic’s', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedLocationId, '00000000-0000-4000-8000-000000000000');
    fakeServer();
    renderApp('/dashboard/bills');

    expect(await screen.findByRole('button', { name: 'Location: Kothrud' })).toBeVisible();
    await waitFor(() => expect(localStorage.getItem(sessionKeys.selectedLocationId)).toBe(kothrud.id));
  });

  it('says when the clinic could not be loaded, and tries again on request', async () => {
    storeSignedInSession();
    let attempts = 0;
    fakeServer({
      'GET /api/get-partner-details': () => {
        attempts += 1;
        return attempts <= 2
          ? Response.json(
              { message: 'Something went wrong. Please try again.', code: 'INTERNAL' },
              { status: 500 },
            )
          : Response.json({ data: sushrutDental });
      },
    });
    renderApp('/dashboard/bookings');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByRole('heading', { level: 1, name: 'Bookings' })).not.toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    expect(screen.getByText('Sushrut Dental Clinic')).toBeVisible();
  });
});

describe('the account menu', () => {
  it('says who is signed in, away from the location picker, and signs out only from its menu', async () => {
    storeSignedInSession();
    const server = fakeServer();
    const router = renderApp('/dashboard/bookings');

    const account = await screen.findByRole('button', { name: 'Account: Dr Sushrut Kulkarni' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    // At the far end of the app bar from the clinic's name and its location.
    const toolbar = account.parentElement as HTMLElement;
    expect(toolbar.lastElementChild).toBe(account);
    expect(account).not.toContainElement(screen.getByRole('button', { name: 'Location: Kothrud' }));

    await userEvent.click(account);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Dr Sushrut Kulkarni');
    expect(menu).toHaveTextContent('owner@sushrut-dental.in');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Doctor profile', 'Sign out', 'Sign out of all devices']);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(server.requests('RevokeToken')).toEqual([]);

    await userEvent.click(account);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await waitFor(() => expect(server.requests('RevokeToken')).toHaveLength(1));
  });

  const openAccountMenu = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Account: Dr Sushrut Kulkarni' }));
    return screen.findByRole('menu');
  };

  it('Sign out revokes only this device’s refresh token, not the sessions on the other devices', async () => {
    storeSignedInSession();
    const server = fakeServer();
    renderApp('/dashboard/bookings');

    const menu = await openAccountMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await waitFor(() => expect(server.requests('RevokeToken')).toHaveLength(1));
    expect(server.requests('RevokeToken')[0]?.body).toEqual({
      ClientId: 'vaidya-web',
      Token: 'refresh-token',
    });
    expect(server.requests('GlobalSignOut')).toEqual([]);
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBeNull();
  });

  it('Sign out of all devices ends every session on the server, then this one', async () => {
    storeSignedInSession();
    const server = fakeServer();
    renderApp('/dashboard/bookings');

    const menu = await openAccountMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out of all devices' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(server.requests('GlobalSignOut').map((request) => request.body)).toEqual([
      { AccessToken: 'access-token' },
    ]);
    expect(server.requests('RevokeToken')).toEqual([]);
    for (const key of Object.values(sessionKeys)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('refreshes an expired access token first, so signing out of all devices is not refused', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.accessToken, fakeJwt(-60));
    const server = fakeServer({ InitiateAuth: tokensAnswer() });
    renderApp('/dashboard/bookings');

    const menu = await openAccountMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out of all devices' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(server.requests('GlobalSignOut').map((request) => request.body)).toEqual([
      { AccessToken: 'access-token-new' },
    ]);
  });

  it('when the other devices cannot be signed out, says so and keeps this one signed in to try again', async () => {
    storeSignedInSession();
    const server = fakeServer({ GlobalSignOut: inTurn(unreachable, answer({})) });
    const router = renderApp('/dashboard/bookings');

    const menu = await openAccountMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out of all devices' }));

    expect(await within(menu).findByRole('alert')).toHaveTextContent(
      'Your other devices are still signed in. Cannot reach the server. Check your connection.',
    );
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token');

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out of all devices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(server.requests('GlobalSignOut')).toHaveLength(2);
    expect(localStorage.getItem(sessionKeys.idToken)).toBeNull();
  });

  it('signs out here when the server says this session had already ended', async () => {
    storeSignedInSession();
    fakeServer({ GlobalSignOut: identityError('NotAuthorizedException', 'Access Token has been revoked') });
    renderApp('/dashboard/bookings');

    const menu = await openAccountMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out of all devices' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(localStorage.getItem(sessionKeys.idToken)).toBeNull();
  });

  it('still signs out when the clinic could not be loaded', async () => {
    storeSignedInSession();
    fakeServer({
      'GET /api/get-partner-details': () =>
        Response.json(
          { message: 'Something went wrong. Please try again.', code: 'INTERNAL' },
          { status: 500 },
        ),
    });
    renderApp('/dashboard/bookings');
    await screen.findByRole('alert');

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign out', 'Sign out of all devices']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(localStorage.getItem(sessionKeys.idToken)).toBeNull();
  });
});

describe('signing out at a shared desk', () => {
  it('leaves nothing of the clinic for the next person who signs in', async () => {
    storeSignedInSession();
    let partner = sushrutDental;
    fakeServer({
      'GET /api/get-partner-details': () => Response.json({ data: partner }),
      InitiateAuth: tokensAnswer(),
    });
    renderApp('/dashboard/bookings');
    expect(await screen.findByText('Sushrut Dental Clinic')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Account: Dr Sushrut Kulkarni' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    partner = { ...sushrutDental, name: 'Aarogya Physio Centre', locations: [baner] };
    await userEvent.type(await screen.findByLabelText('Email'), 'desk@aarogya-physio.in');
    await userEvent.type(screen.getByLabelText('Password'), 'Aarogya-Baner-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Aarogya Physio Centre')).toBeVisible();
    expect(screen.queryByText('Sushrut Dental Clinic')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Location: Baner' })).toBeVisible();
  });
});
