import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { runCli } from './support/cli';
import { waitForCode } from './support/codes';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

const development = { NODE_ENV: 'development' };

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('clinics signing up and signing in', () => {
  const dataDir = newDataDir('identity');
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // Operators create clinics with the CLI while the server is stopped.
    const created = [
      [
        'create-partner',
        '--name',
        'Lotus Skin Clinic',
        '--email',
        'owner@lotus-skin.in',
        '--password',
        'Lotus-Baner-Road-41',
        '--speciality',
        'DERMATOLOGIST',
      ],
      [
        'create-staff',
        '--partner-email',
        'owner@lotus-skin.in',
        '--email',
        'reception@lotus-skin.in',
        '--temporary-password',
        'Temporary-Lotus-2026',
      ],
      [
        'create-partner',
        '--name',
        'Prepaid Physio',
        '--email',
        'owner@prepaid-physio.in',
        '--password',
        'Prepaid-Physio-Wallet-7',
        '--subscription',
        'wallet',
        '--wallet-balance',
        '0',
        '--charge-per-booking',
        '10',
      ],
    ];
    for (const args of created) {
      const result = await runCli(dataDir, args);
      expect(result.code, result.output).toBe(0);
    }
    server = await startServer({ dataDir, env: development });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const freshBrowser = async (width?: number) => {
    await browser?.close();
    browser = await openBrowser(width ? { width, height: 800 } : {});
    return browser.page;
  };

  it('a new dentist signs up, confirms the emailed code and lands in her dashboard', async () => {
    const page = await freshBrowser();
    await page.goto(`${server.url}/sign-up-secure`);
    await page.getByLabel('Clinic name').fill('Smile Care Dental');
    await page.getByLabel('Your name').fill('Dr. Meera Joshi');
    await page.getByLabel('Email').fill('meera@smilecare.in');
    await page.getByLabel('Mobile number').fill('9822012345');
    await page.getByLabel('Speciality', { exact: true }).selectOption({ label: 'Dentist' });
    const password = page.getByLabel('Password', { exact: true });
    const strength = page.getByRole('status', { name: 'Password strength' });
    // Her clinic's own name is the first thing a guesser tries; the hint says so as she types.
    await password.fill('smilecaredental');
    await strength.getByText('Weak').waitFor();
    await password.fill('Smile-Care-Kothrud-9');
    await strength.getByText('Strong').waitFor();
    const logFrom = server.output().length;
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByText('Confirm your email').waitFor();
    const code = await waitForCode(server, 'meera@smilecare.in', logFrom);
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(`${server.url}/dashboard/bookings`);
    await page.getByText('Smile Care Dental').first().waitFor();
    await page.getByRole('heading', { name: 'Bookings' }).waitFor();
  });

  it('she signs out and in again; signed in, / and unknown paths lead to bookings', async () => {
    const { page } = browser;
    // Sign-out waits behind the account menu, which says who is signed in.
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menu').getByText('meera@smilecare.in').waitFor();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${server.url}/signin`);
    await expect.poll(() => page.title()).toBe('Sign in · Vaidya');
    expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();

    await signIn(page, server.url, 'meera@smilecare.in', 'Smile-Care-Kothrud-9');
    await page.waitForURL(`${server.url}/dashboard/bookings`);
    for (const path of ['/', '/no/such/page', '/dashboard']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/dashboard/bookings`);
    }
  });

  it('a wrong password is told plainly and nothing opens', async () => {
    const page = await freshBrowser();
    await signIn(page, server.url, 'owner@lotus-skin.in', 'not-the-password-at-all');
    await page.getByText('Incorrect username or password.').waitFor();
    expect(page.url()).toBe(`${server.url}/signin`);
  });

  it('a receptionist created by the operator must set her own password first', async () => {
    const page = await freshBrowser(360);
    await signIn(page, server.url, 'reception@lotus-skin.in', 'Temporary-Lotus-2026');
    await page.getByText('Set a new password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Reception-Desk-Lotus-3');
    await page.getByLabel('Confirm new password').fill('Reception-Desk-Lotus-3');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL(`${server.url}/dashboard/bookings`);
    await page.getByText('Lotus Skin Clinic').first().waitFor();
  });

  it('an owner who forgot the password resets it with an emailed code', async () => {
    const page = await freshBrowser();
    await page.goto(`${server.url}/signin`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('Email').fill('owner@lotus-skin.in');
    const logFrom = server.output().length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL(/\/new-password\?email=/);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const code = await waitForCode(server, 'owner@lotus-skin.in', logFrom);
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('New password', { exact: true }).fill('Lotus-New-Password-58');
    await page.getByRole('status', { name: 'Password strength' }).getByText('Strong').waitFor();
    await page.getByLabel('Confirm new password').fill('Lotus-New-Password-58');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${server.url}/signin`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await signIn(page, server.url, 'owner@lotus-skin.in', 'Lotus-New-Password-58');
    await page.waitForURL(`${server.url}/dashboard/bookings`);
  });

  it('a prepaid clinic with no balance is sent from bookings to payment, but may open bills', async () => {
    const page = await freshBrowser();
    await signIn(page, server.url, 'owner@prepaid-physio.in', 'Prepaid-Physio-Wallet-7');
    await page.getByText('Insufficient balance. Please recharge.').waitFor();
    await page.waitForURL(`${server.url}/dashboard/payment`);
    for (const guarded of ['schedule', 'settings']) {
      await page.goto(`${server.url}/dashboard/${guarded}`);
      await page.waitForURL(`${server.url}/dashboard/payment`);
    }
    await page.goto(`${server.url}/dashboard/bills`);
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    expect(page.url()).toBe(`${server.url}/dashboard/bills`);
  });

  it('a clinic asks for a call back from the landing page', async () => {
    const page = await freshBrowser(360);
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Request a call back' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Phone number').fill('98765 43210');
    await dialog.getByLabel('Name').fill('Dr. Kiran Rao');
    await dialog.getByLabel('Speciality').fill('Paediatrics');
    await dialog.getByLabel('Location').fill('Mysuru');
    await dialog.getByRole('button', { name: 'Request a call back' }).click();
    await page.getByText('Thank you! We will call you shortly.').waitFor();
  });
});

describe('the demo clinic', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const demoSignIn = () => {
    const printed = /Demo clinic: sign in as (\S+) with password (\S+)/.exec(server.output());
    expect(printed).not.toBeNull();
    const [, email = '', password = ''] = printed ?? [];
    return { email, password };
  };

  it('prints its sign-in at start, and that sign-in opens the dental clinic', async () => {
    const { email, password } = demoSignIn();
    await signIn(browser.page, server.url, email, password);
    await browser.page.waitForURL(`${server.url}/dashboard/bookings`);
    await browser.page.getByText('Sushrut Dental Care').first().waitFor();
    await browser.page.getByText('Kothrud Clinic').first().waitFor();
    await expect.poll(() => browser.page.title()).toBe('Bookings · Vaidya');
  });

  it('on a 360 px phone keeps the account menu clear of the location picker, and signs out from it', async () => {
    const phone = await openBrowser({ width: 360, height: 740 });
    try {
      const { page } = phone;
      const { email, password } = demoSignIn();
      await signIn(page, server.url, email, password);
      await page.waitForURL(`${server.url}/dashboard/bookings`);
      const location = page.getByRole('button', { name: /^Location: / });
      const account = page.getByRole('button', { name: /^Account: / });
      await location.waitFor();
      const locationBox = await location.boundingBox();
      const accountBox = await account.boundingBox();
      if (!locationBox || !accountBox) throw new Error('The app bar is not drawn');
      expect(accountBox.x).toBeGreaterThanOrEqual(locationBox.x + locationBox.width + 8);
      expect(accountBox.x + accountBox.width).toBeLessThanOrEqual(360);
      expect(accountBox.width).toBeGreaterThanOrEqual(44);

      await account.click();
      await page.getByRole('menu').getByText(email).waitFor();
      await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      await page.waitForURL(`${server.url}/signin`);
    } finally {
      await phone.close();
    }
  });
});
