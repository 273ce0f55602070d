import { createRemoteJWKSet, customFetch, type FetchImplementation, jwtVerify } from 'jose';
import type { Clock } from '../../clock';
import { KeysUnavailable, type TokenVerifier } from './token-verifier';

/** A Cognito user pool the web app signs in at and whose id tokens the API accepts (IDENTITY_ISSUER). */
export interface CognitoPool {
  /** The app client the web app signs in with: the `aud` of its id tokens. */
  clientId: string;
  /** Cognito's JSON endpoint for the web app, the issuer's origin: `https://cognito-idp.<region>.amazonaws.com/`. */
  endpoint: string;
  verifier: TokenVerifier;
}

/** Cognito signs with RS256; a token naming any other algorithm is refused before a key is looked up. */
const algorithms = ['RS256'];

/**
 * The pool's public keys are fetched from `<issuer>/.well-known/jwks.json` on
 * first use and cached by jose (refetched after 10 minutes, or sooner for a
 * key id it has not seen, at most every 30 seconds). No session is checked:
 * Cognito keeps its own, and its id tokens stay valid until they expire.
 */
export function connectCognitoPool(options: { issuer: string; clientId: string; clock: Clock }): CognitoPool {
  const { issuer, clientId, clock } = options;
  const keys = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), {
    [customFetch]: fetchKeySet,
  });
  return {
    clientId,
    endpoint: `${new URL(issuer).origin}/`,
    verifier: {
      async verify(token) {
        const { payload } = await jwtVerify(token, keys, {
          issuer,
          audience: clientId,
          algorithms,
          currentDate: clock(),
        });
        // An access token carries `client_id` and no `aud`; the API takes id tokens only, as the web app sends.
        if (payload.token_use !== 'id' || typeof payload.sub !== 'string' || payload.sub === '') {
          throw new Error('not an id token');
        }
        return { kind: 'subject', subject: payload.sub };
      },
    },
  };
}

/**
 * An unreachable or failing key endpoint says nothing about the token, so it
 * is told apart: the caller answers 503 and the person stays signed in.
 */
const fetchKeySet: FetchImplementation = async (url, init) => {
  try {
    const response = await fetch(url, init);
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    return response;
  } catch (cause) {
    throw new KeysUnavailable(`the user pool's keys could not be fetched from ${url}`, { cause });
  }
};
