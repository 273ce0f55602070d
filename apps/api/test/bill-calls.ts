import type { SignedInPartner } from './partners';
import type { TestApp } from './test-app';

/**
 * A bill call (`/api/bill/<path>`) as the clinic's signed-in user: GET and DELETE with `data`
 * as the query, the others as the body. `app` is read at each call, since tests build it in
 * beforeAll.
 */
export const billCaller =
  (app: () => TestApp) =>
  (clinic: SignedInPartner, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object) =>
    app().app.inject({
      method,
      url: `/api/bill/${path}`,
      headers: clinic.headers,
      ...(method === 'GET' || method === 'DELETE'
        ? { query: data as Record<string, string> }
        : { payload: data }),
    });
