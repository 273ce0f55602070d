import { messages } from '@vaidya/contract/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  fakeJwt,
  fakeServer,
  type Handler,
  identityError,
  inTurn,
  storeSignedInSession,
} from '../testing/fake-server';
import { onSignInRequested, sessionKeys } from './session';
import { getFreshIdToken } from './session-refresh';

/** A refresh answer as our identity service gives it: a rotated refresh token included. */
const rotated = (idToken: string, refreshToken: string): Handler =>
  answer({
    AuthenticationResult: {
      IdToken: idToken,
      AccessToken: `access-for-${refreshToken}`,
      RefreshToken: refreshToken,
      ExpiresIn: 3600,
      TokenType: 'Bearer',
    },
    ChallengeParameters: {},
  });

/** What another tab of the same browser leaves in the shared storage after its own refresh. */
function anotherTabRefreshed(idToken: string, refreshToken: string) {
  localStorage.setItem(sessionKeys.idToken, idToken);
  localStorage.setItem(sessionKeys.accessToken, 'access-of-the-other-tab');
  localStorage.setItem(sessionKeys.refreshToken, refreshToken);
}

/** Answers with `then` once `meanwhile` has happened in another tab, as the request was in flight. */
const whileInFlight =
  (meanwhile: () => void, then: Handler): Handler =>
  (request) => {
    meanwhile();
    return then(request);
  };

const sentRefreshTokens = (server: ReturnType<typeof fakeServer>) =>
  server
    .requests('InitiateAuth')
    .map(
      (request) =>
        (request.body as { AuthParameters: { REFRESH_TOKEN: string } }).AuthParameters.REFRESH_TOKEN,
    );

describe('refreshing the session (decision 025)', () => {
  const signInRequested = vi.fn();
  let stopListening: () => void;
  beforeEach(() => {
    signInRequested.mockReset();
    stopListening = onSignInRequested(signInRequested);
  });
  afterEach(() => {
    stopListening();
  });

  it('stores the rotated refresh token and spends it at the next refresh', async () => {
    storeSignedInSession(-10);
    const first = fakeJwt(-5);
    const second = fakeJwt(3600);
    const server = fakeServer({
      InitiateAuth: inTurn(rotated(first, 'refresh-token-2'), rotated(second, 'refresh-token-3')),
    });

    expect(await getFreshIdToken()).toEqual({ status: 'ok', idToken: first });
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token-2');
    expect(localStorage.getItem(sessionKeys.accessToken)).toBe('access-for-refresh-token-2');

    expect(await getFreshIdToken()).toEqual({ status: 'ok', idToken: second });
    expect(sentRefreshTokens(server)).toEqual(['refresh-token', 'refresh-token-2']);
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token-3');
  });

  it('keeps the refresh token it has when the answer carries none, as Cognito’s does', async () => {
    storeSignedInSession(-10);
    const renewed = fakeJwt(3600);
    fakeServer({
      InitiateAuth: answer({
        AuthenticationResult: { IdToken: renewed, AccessToken: 'a', ExpiresIn: 3600, TokenType: 'Bearer' },
        ChallengeParameters: {},
      }),
    });

    expect(await getFreshIdToken()).toEqual({ status: 'ok', idToken: renewed });
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token');
  });

  it('uses the id token another tab has stored instead of refreshing', async () => {
    storeSignedInSession(-10);
    const fromOtherTab = fakeJwt(3600);
    const server = fakeServer();
    anotherTabRefreshed(fromOtherTab, 'refresh-token-of-the-other-tab');

    expect(await getFreshIdToken()).toEqual({ status: 'ok', idToken: fromOtherTab });
    expect(server.requests('InitiateAuth')).toHaveLength(0);
  });

  it('two tabs refreshing at the same moment both stay signed in', async () => {
    storeSignedInSession(-10);
    const ours = fakeJwt(3600);
    // The other tab's refresh with the same token lands first; the server's grace period answers ours too.
    fakeServer({
      InitiateAuth: whileInFlight(
        () => anotherTabRefreshed(fakeJwt(3600), 'refresh-token-of-the-other-tab'),
        rotated(ours, 'refresh-token-of-this-tab'),
      ),
    });

    expect(await getFreshIdToken()).toEqual({ status: 'ok', idToken: ours });
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token-of-this-tab');
    expect(localStorage.getItem(sessionKeys.username)).toBe('owner@sushrut-dental.in');
    expect(signInRequested).not.toHaveBeenCalled();
  });

  it('a refusal after another tab refreshed takes up that tab’s session instead of ending it', async () => {
    storeSignedInSession(-10);
    const fromOtherTab = fakeJwt(3600);
    const server = fakeServer({
      InitiateAuth: whileInFlight(
        () => anotherTabRefreshed(fromOtherTab, 'refresh-token-of-the-other-tab'),
        identityError('NotAuthorizedException', 'Invalid Refresh Token'),
      ),
    });

    expect(await getFreshIdToken()).toEqual({ status: 'ok', idToken: fromOtherTab });
    expect(sentRefreshTokens(server)).toEqual(['refresh-token']);
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token-of-the-other-tab');
    expect(signInRequested).not.toHaveBeenCalled();
  });

  it('when the other tab’s id token has run out too, refreshes once with the token it stored', async () => {
    storeSignedInSession(-10);
    const renewed = fakeJwt(3600);
    const server = fakeServer({
      InitiateAuth: inTurn(
        whileInFlight(
          () => anotherTabRefreshed(fakeJwt(-10), 'refresh-token-of-the-other-tab'),
          identityError('NotAuthorizedException', 'Invalid Refresh Token'),
        ),
        rotated(renewed, 'refresh-token-after'),
      ),
    });

    expect(await getFreshIdToken()).toEqual({ status: 'ok', idToken: renewed });
    expect(sentRefreshTokens(server)).toEqual(['refresh-token', 'refresh-token-of-the-other-tab']);
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token-after');
  });

  it('a refused refresh with nothing newer stored ends the session with the spec’s message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeSignedInSession(-10);
    fakeServer({ InitiateAuth: identityError('NotAuthorizedException', 'Invalid Refresh Token') });

    expect(await getFreshIdToken()).toEqual({ status: 'session-ended' });
    expect(warn).toHaveBeenCalledWith(messages.noRefreshToken);
    expect(signInRequested).toHaveBeenCalledTimes(1);
    for (const key of Object.values(sessionKeys)) expect(localStorage.getItem(key)).toBeNull();
    warn.mockRestore();
  });

  it('a tab that signed out while this one was refreshing ends the session here too', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeSignedInSession(-10);
    fakeServer({
      InitiateAuth: whileInFlight(() => localStorage.clear(), rotated(fakeJwt(3600), 'refresh-token-2')),
    });

    expect(await getFreshIdToken()).toEqual({ status: 'session-ended' });
    expect(signInRequested).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(sessionKeys.idToken)).toBeNull();
    warn.mockRestore();
  });
});
