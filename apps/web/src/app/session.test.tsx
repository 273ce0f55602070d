import { screen, waitFor } from '@testing-library/react';
import { messages } from '@vaidya/contract/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../lib/session';
import {
  answer,
  fakeJwt,
  fakeServer,
  identityError,
  storeSignedInSession,
  tokensAnswer,
} from '../testing/fake-server';
import { renderApp } from '../testing/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a session whose id token has expired', () => {
  it('is refreshed before the dashboard asks for anything, and the user carries on', async () => {
    storeSignedInSession(-60);
    const renewed = fakeJwt(3600);
    const server = fakeServer({ InitiateAuth: tokensAnswer({ idToken: renewed, withRefreshToken: false }) });
    const router = renderApp('/dashboard/bookings');

    expect(await screen.findByText('Sushrut Dental Clinic')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(server.requests('InitiateAuth')).toHaveLength(1);
    expect(server.requests('InitiateAuth')[0]?.body).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'vaidya-web',
      AuthParameters: { REFRESH_TOKEN: 'refresh-token' },
    });
    expect(server.requests('GET /api/get-partner-details')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${renewed}`,
    );
    expect(localStorage.getItem(sessionKeys.idToken)).toBe(renewed);
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token');
  });

  it('ends on the sign-in page, forgotten, when the refresh is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeSignedInSession(-60);
    const server = fakeServer({
      InitiateAuth: identityError('NotAuthorizedException', 'Refresh Token has been revoked'),
    });
    const router = renderApp('/dashboard/bookings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(warn).toHaveBeenCalledWith(messages.noRefreshToken);
    for (const key of Object.values(sessionKeys)) expect(localStorage.getItem(key)).toBeNull();
    expect(server.requests('GET /api/get-partner-details')).toHaveLength(0);
  });

  it('ends on the sign-in page when there is no refresh token to use', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeSignedInSession(-60);
    localStorage.removeItem(sessionKeys.refreshToken);
    const server = fakeServer();
    const router = renderApp('/dashboard/bills');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(warn).toHaveBeenCalledWith('No refresh token or username found. Logging out.');
    expect(localStorage.getItem(sessionKeys.idToken)).toBeNull();
    expect(server.requests('InitiateAuth')).toHaveLength(0);
  });
});

describe('a session the server no longer accepts', () => {
  it('sends the user to sign in on 401', async () => {
    storeSignedInSession();
    fakeServer({
      'GET /api/get-partner-details': answer(
        { message: 'Your session has ended. Please sign in again.', code: 'UNAUTHENTICATED' },
        401,
      ),
    });
    const router = renderApp('/dashboard/bookings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('forgets the session and sends the user to sign in on 403', async () => {
    storeSignedInSession();
    localStorage.setItem(sessionKeys.selectedLocationId, '3f0c8b7e-5d1a-4c2e-9b6f-1a2b3c4d5e6f');
    fakeServer({
      'GET /api/get-partner-details': answer(
        { message: 'This account is disabled.', code: 'FORBIDDEN' },
        403,
      ),
    });
    const router = renderApp('/dashboard/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    await waitFor(() => {
      for (const key of Object.values(sessionKeys)) expect(localStorage.getItem(key)).toBeNull();
    });
  });
});
