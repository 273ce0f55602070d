import { identityTargetPrefix } from '@vaidya/contract/identity';
import type { PartnerDetails } from '@vaidya/contract/partner';
import { vi } from 'vitest';
import { sessionKeys } from '../lib/session';

export interface ReceivedRequest {
  route: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Answers one request; a function, as a Response body can be read only once. */
export type Handler = (request: ReceivedRequest) => Response | Promise<Response>;

export const answer =
  (body: unknown, status = 200): Handler =>
  () =>
    Response.json(body, { status });

export const identityError = (kind: string, message: string): Handler =>
  answer({ __type: kind, message }, 400);

/** As fetch fails when the network is down. */
export const unreachable: Handler = () => Promise.reject(new TypeError('Failed to fetch'));

/** The first answer to the first request, and so on; the last one repeats. */
export function inTurn(...handlers: Handler[]): Handler {
  let calls = 0;
  return (request) => {
    const handler = handlers[Math.min(calls, handlers.length - 1)];
    calls += 1;
    if (!handler) throw new Error('inTurn needs at least one handler');
    return handler(request);
  };
}

/** An unsigned JWT with the claims the web app reads; the signature is the server's business. */
export function fakeJwt(expiresInSeconds: number, subject = 'owner'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode({ sub: subject, exp })}.c2lnbmF0dXJl`;
}

export function tokensAnswer(options: { idToken?: string; withRefreshToken?: boolean } = {}): Handler {
  return answer({
    AuthenticationResult: {
      IdToken: options.idToken ?? fakeJwt(3600),
      AccessToken: 'access-token-new',
      ...(options.withRefreshToken === false ? {} : { RefreshToken: 'refresh-token-new' }),
      ExpiresIn: 3600,
      TokenType: 'Bearer',
    },
    ChallengeParameters: {},
  });
}

export const kothrud = {
  id: '3f0c8b7e-5d1a-4c2e-9b6f-1a2b3c4d5e6f',
  location_name: 'Kothrud',
  address: '12 Karve Road, Kothrud, Pune 411038',
  contact_no: '9822012345',
  location_images: [],
};

export const baner = {
  id: '7a1d2e3f-4b5c-4d6e-8f90-a1b2c3d4e5f6',
  location_name: 'Baner',
  address: '4 Baner Road, Baner, Pune 411045',
  contact_no: '9822054321',
  location_images: [],
};

export const sushrutDental: PartnerDetails = {
  id: 'c9b8a7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d',
  name: 'Sushrut Dental Clinic',
  wallet_balance: 500,
  wallet_owed: 0,
  charge_per_booking: 10,
  subscription_type: 'standard',
  profile_images: [],
  qr_code_domain: 'sushrut-dental',
  domain_url: 'https://sushrut-dental.vaidya.app',
  speciality_type: 'DENTIST',
  time_zone: 'Asia/Kolkata',
  booking_window_days: 60,
  tooth_numbering: 'FDI',
  print_dental_chart: false,
  locations: [kothrud, baner],
  user: {
    id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
    email: 'owner@sushrut-dental.in',
    name: 'Dr Sushrut Kulkarni',
    role: 'owner',
    qualification: null,
    registration_council: null,
    registration_number: null,
    signature_url: null,
  },
  doctors: [{ id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e', name: 'Dr Sushrut Kulkarni' }],
};

/** The demo clinic as a member of staff with `role` sees it (issue 23). */
export function sushrutDentalAs(role: PartnerDetails['user']['role']): PartnerDetails {
  return {
    ...sushrutDental,
    user: { ...sushrutDental.user, id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b', name: 'Asha Patil', role },
  };
}

const defaultRoutes: Record<string, Handler> = {
  'GET /api/public/app-config': answer({
    data: { identity: { endpoint: '/api/identity', clientId: 'vaidya-web' } },
  }),
  'GET /api/health': answer({ data: { status: 'ok', database: 'pglite' } }),
  'GET /api/get-partner-details': answer({ data: sushrutDental }),
  GlobalSignOut: answer({}),
  RevokeToken: answer({}),
};

/**
 * Stands in for the server at the fetch boundary. Routes are "METHOD /path" for the
 * API and the Cognito action ("InitiateAuth") for the identity endpoint; the app's
 * config, health and the demo partner answer unless a test says otherwise.
 */
export function fakeServer(routes: Record<string, Handler> = {}) {
  const handlers = { ...defaultRoutes, ...routes };
  const received: ReceivedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      const target = headers.get('X-Amz-Target');
      const route = target
        ? target.slice(identityTargetPrefix.length)
        : `${init?.method ?? 'GET'} ${url.pathname}`;
      // A multipart upload is kept as its FormData, so tests can read its parts.
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const request = { route, url, headers, body };
      received.push(request);
      const handler = handlers[route];
      return handler
        ? handler(request)
        : Response.json({ message: `Nothing at ${route}`, code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return { requests: (route: string) => received.filter((request) => request.route === route) };
}

/** A session as sign-in leaves it, with an id token that expires in `idTokenExpiresIn` seconds. */
export function storeSignedInSession(idTokenExpiresIn = 3600): string {
  const idToken = fakeJwt(idTokenExpiresIn);
  localStorage.setItem(sessionKeys.idToken, idToken);
  localStorage.setItem(sessionKeys.accessToken, 'access-token');
  localStorage.setItem(sessionKeys.refreshToken, 'refresh-token');
  localStorage.setItem(sessionKeys.username, 'owner@sushrut-dental.in');
  return idToken;
}
