import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import {
  answer,
  fakeServer,
  identityError,
  inTurn,
  tokensAnswer,
  unreachable,
} from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

async function signInWith(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in', () => {
  it('opens the bookings of the clinic and keeps the session', async () => {
    const server = fakeServer({ InitiateAuth: tokensAnswer() });
    const router = renderApp('/signin');

    await signInWith('Owner@Sushrut-Dental.in ', 'Sushrut-Kothrud-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    expect(screen.getByText('Sushrut Dental Clinic')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(server.requests('InitiateAuth')[0]?.body).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'vaidya-web',
      AuthParameters: { USERNAME: 'owner@sushrut-dental.in', PASSWORD: 'Sushrut-Kothrud-2026' },
    });
    expect(server.requests('InitiateAuth')[0]?.headers.get('Content-Type')).toBe(
      'application/x-amz-json-1.1',
    );
    expect(localStorage.getItem(sessionKeys.accessToken)).toBe('access-token-new');
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token-new');
    expect(localStorage.getItem(sessionKeys.username)).toBe('owner@sushrut-dental.in');
  });

  it('says so when the password is wrong, and stays on the page', async () => {
    fakeServer({ InitiateAuth: identityError('NotAuthorizedException', 'Incorrect username or password.') });
    const router = renderApp('/signin');

    await signInWith('owner@sushrut-dental.in', 'not-my-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(router.state.location.pathname).toBe('/signin');
    expect(localStorage.getItem(sessionKeys.idToken)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('asks to wait after too many failed attempts', async () => {
    fakeServer({ InitiateAuth: identityError('NotAuthorizedException', 'Password attempts exceeded') });
    renderApp('/signin');

    await signInWith('owner@sushrut-dental.in', 'guess-number-six');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts. Please wait a few minutes and try again.',
    );
  });

  it('tells the user when the server cannot be reached', async () => {
    fakeServer({ InitiateAuth: unreachable });
    renderApp('/signin');

    await signInWith('owner@sushrut-dental.in', 'Sushrut-Kothrud-2026');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the server. Check your connection.',
    );
  });

  it('points out empty and malformed fields before asking the server', async () => {
    const server = fakeServer();
    renderApp('/signin');

    await userEvent.type(await screen.findByLabelText('Email'), 'owner@');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid email address, like name@clinic.in')).toBeVisible();
    expect(screen.getByText('Enter your password')).toBeVisible();
    expect(server.requests('InitiateAuth')).toHaveLength(0);
  });

  it('shows the password on request', async () => {
    fakeServer();
    renderApp('/signin');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));

    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeVisible();
  });

  it('has its way to a forgotten password and to a new account', async () => {
    fakeServer();
    renderApp('/signin');

    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/sign-up-secure',
    );
  });
});

describe('an account with a temporary password', () => {
  it('chooses a new password, then is signed in', async () => {
    const server = fakeServer({
      InitiateAuth: answer({
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: 'challenge-session-1',
        ChallengeParameters: { USER_ID_FOR_SRP: 'reception@sushrut-dental.in', requiredAttributes: '[]' },
      }),
      RespondToAuthChallenge: tokensAnswer(),
    });
    const router = renderApp('/signin');

    await signInWith('reception@sushrut-dental.in', 'Temp-Pass-123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeVisible();
    expect(screen.getByText('The two passwords are not the same')).toBeVisible();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Reception-Desk-2026');
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Reception-Desk-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(server.requests('RespondToAuthChallenge')[0]?.body).toEqual({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: 'vaidya-web',
      Session: 'challenge-session-1',
      ChallengeResponses: { USERNAME: 'reception@sushrut-dental.in', NEW_PASSWORD: 'Reception-Desk-2026' },
    });
  });

  it('starts again when the challenge has run out', async () => {
    fakeServer({
      InitiateAuth: answer({
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: 'challenge-session-1',
        ChallengeParameters: {},
      }),
      RespondToAuthChallenge: identityError(
        'NotAuthorizedException',
        'Invalid session for the user, session is expired.',
      ),
    });
    renderApp('/signin');
    await signInWith('reception@sushrut-dental.in', 'Temp-Pass-123');
    await userEvent.type(await screen.findByLabelText('New password'), 'Reception-Desk-2026');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Reception-Desk-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid session for the user, session is expired.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});

describe('an account whose email is not confirmed', () => {
  it('confirms it with the emailed code and is signed in', async () => {
    const server = fakeServer({
      InitiateAuth: inTurn(
        identityError('UserNotConfirmedException', 'User is not confirmed.'),
        tokensAnswer(),
      ),
      ConfirmSignUp: answer({}),
    });
    renderApp('/signin');

    await signInWith('owner@sushrut-dental.in', 'Sushrut-Kothrud-2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Confirmation code'), '482913');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    expect(server.requests('ConfirmSignUp')[0]?.body).toEqual({
      ClientId: 'vaidya-web',
      Username: 'owner@sushrut-dental.in',
      ConfirmationCode: '482913',
    });
  });
});

describe('an account whose password an administrator reset', () => {
  it('is sent to choose a new password with the emailed code', async () => {
    fakeServer({
      InitiateAuth: identityError('PasswordResetRequiredException', 'Password reset required for the user'),
    });
    const router = renderApp('/signin');

    await signInWith('owner@sushrut-dental.in', 'Sushrut-Kothrud-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-password');
    expect(screen.getByText(/Your password needs to be reset/)).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('owner@sushrut-dental.in'));
  });
});
