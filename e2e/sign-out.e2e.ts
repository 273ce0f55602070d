import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { demoDentist, phoneViewport, signIn } from './support/clinic';
import { type RunningServer, startServer } from './support/server';

/** The page's stored refresh token, as the web app keeps it in localStorage. */
const storedRefreshToken = (page: Page) => page.evaluate(() => localStorage.getItem('refreshToken'));

/**
 * Makes the stored id token look expired to the web app (it reads only `exp`), so the next
 * API call first refreshes the session with the stored refresh token, as an hour later.
 */
async function expireIdToken(page: Page) {
  await page.evaluate(() => {
    const [header, payload] = (localStorage.getItem('idToken') ?? '').split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    const expired = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    localStorage.setItem('idToken', `${header}.${expired}.expired`);
  });
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menu').getByText(demoDentist.email).waitFor();
}

describe('signing out of one device, or of all of them', () => {
  let server: RunningServer;
  /** The front desk's computer and the doctor's phone: two browsers, one account. */
  let desk: Browser;
  let phone: Browser;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '1' } });
    desk = await openBrowser();
    phone = await openBrowser(phoneViewport);
    await signIn(desk.page, server.url, demoDentist);
    await signIn(phone.page, server.url, demoDentist);
  });
  afterAll(async () => {
    await desk?.close();
    await phone?.close();
    await server?.dispose();
  });

  /** Whether the identity service still takes this refresh token, as the web app spends it. */
  const refreshStatus = async (refreshToken: string | null) => {
    const answer = await desk.page.request.post(`${server.url}/api/identity`, {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      data: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: 'vaidya-web',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    });
    return answer.status() === 200 ? 'taken' : (await answer.json()).__type;
  };

  it('Sign out at the desk ends the desk’s session only: the phone reloads and refreshes, still signed in', async () => {
    const deskRefreshToken = await storedRefreshToken(desk.page);
    await openAccountMenu(desk.page);
    await desk.page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await desk.page.waitForURL(`${server.url}/signin`);
    // The desk's refresh token is revoked on the server, not only forgotten in the browser.
    await expect.poll(() => refreshStatus(deskRefreshToken)).toBe('NotAuthorizedException');

    const { page } = phone;
    await page.reload();
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    const idTokenBefore = await page.evaluate(() => localStorage.getItem('idToken'));
    await expireIdToken(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    await page.getByText('Sushrut Dental Care').first().waitFor();
    // The phone refreshed its session (a new id token) and stayed where it was.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('idToken'))).not.toMatch(/\.expired$/);
    expect(await page.evaluate(() => localStorage.getItem('idToken'))).not.toBe(idTokenBefore);
    expect(page.url()).toBe(`${server.url}/dashboard/bookings`);
  });

  it('Sign out of all devices at the desk signs the phone out at its next refresh', async () => {
    await signIn(desk.page, server.url, demoDentist);
    const { page } = phone;
    const phoneRefreshToken = await storedRefreshToken(page);

    await openAccountMenu(desk.page);
    await desk.page.getByRole('menuitem', { name: 'Sign out of all devices' }).click();
    await desk.page.waitForURL(`${server.url}/signin`);
    expect(await desk.page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();

    await expireIdToken(page);
    await page.reload();
    await page.waitForURL(`${server.url}/signin`);
    expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
    expect(await refreshStatus(phoneRefreshToken)).toBe('NotAuthorizedException');
  });
});
