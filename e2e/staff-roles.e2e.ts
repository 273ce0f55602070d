import { rmSync } from 'node:fs';
import { auditWhat } from '@vaidya/contract/audit-screens';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { masterScreenWords } from '@vaidya/contract/master-screens';
import { permissions } from '@vaidya/contract/roles';
import { staffScreenTexts } from '@vaidya/contract/staff-screens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  atBothWidths,
  authHeaders,
  clinicApi,
  dayAfterTomorrow,
  demoDentist,
  openLocationWithQueue,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 23's journey: the owner adds a receptionist, who signs in with the one-time password,
 * chooses her own, books a walk-in, meets no Settings, is refused an owner's page without being
 * signed out, and the owner then reads what she did in the audit trail.
 */
describe('staff and roles', () => {
  const dataDir = newDataDir('staff');
  const day = dayAfterTomorrow();
  const receptionist = { name: 'Kavita Shinde', email: 'kavita@sushrut-dental.in' };
  const ownPassword = 'Kavita-Front-Desk-Aundh-7';
  let server: RunningServer;
  let owner: Browser;
  let desk: Browser;
  let oneTimePassword = '';

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    owner = await openBrowser();
    desk = await openBrowser();
    await signIn(owner.page, server.url, demoDentist);
    // Aundh, a new branch with one queue open 09:00–12:00 every day: the receptionist's only location.
    await openLocationWithQueue(await clinicApi(owner.page, server.url));
  });
  afterAll(async () => {
    await owner?.close();
    await desk?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the owner adds a front-desk member and is shown a one-time password once', async () => {
    const { page } = owner;
    await page.goto(`${server.url}/dashboard/settings/staff`);
    await page.getByRole('button', { name: staffScreenTexts.add }).click();
    const form = page.getByRole('dialog', { name: staffScreenTexts.form.addTitle });
    await form.getByLabel(staffScreenTexts.form.name).fill(receptionist.name);
    await form.getByLabel(staffScreenTexts.form.email).fill(receptionist.email);
    await form.getByLabel(staffScreenTexts.form.role).click();
    await page.getByRole('option', { name: 'Front desk' }).click();
    await form.getByRole('checkbox', { name: 'Aundh' }).check();
    await form.getByRole('button', { name: masterScreenWords.add, exact: true }).click();

    const shown = page.getByRole('dialog', { name: staffScreenTexts.oneTimePassword.title });
    await shown.getByText(staffScreenTexts.oneTimePassword.lead(receptionist.name)).waitFor();
    oneTimePassword = await shown.getByLabel(staffScreenTexts.oneTimePassword.label).inputValue();
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);
    await shown.getByRole('button', { name: staffScreenTexts.oneTimePassword.done }).click();
    const member = page.getByRole('listitem').filter({ hasText: receptionist.email });
    await member.getByText(staffScreenTexts.statuses.invited).waitFor();
    await member.getByText('Front desk').waitFor();
    await member.getByText(staffScreenTexts.neverSignedIn).waitFor();
    await atBothWidths(page, 'staff');
  });

  it('the receptionist signs in with it, chooses her own password and books a walk-in', async () => {
    const { page } = desk;
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Email').fill(receptionist.email);
    await page.getByLabel('Password', { exact: true }).fill(oneTimePassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Set a new password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(ownPassword);
    await page.getByLabel('Confirm new password').fill(ownPassword);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL(`${server.url}/dashboard/bookings`);

    await page.getByRole('combobox', { name: 'Queue' }).getByText('Dr Rao — OPD').waitFor();
    await page.getByLabel('Day', { exact: true }).fill(calendarDateEnGb(day));
    await page.getByRole('button', { name: 'Add walk-in' }).click();
    const walkIn = page.getByRole('dialog', { name: 'Add walk-in' });
    await walkIn.getByLabel('Next free (9:00 am–9:15 am)').waitFor();
    await walkIn.getByLabel('Mobile number').fill('9822077001');
    await walkIn.getByLabel(/^Name/).fill('Prakash Jog');
    await walkIn.getByRole('button', { name: 'Book' }).click();
    await page.getByText('Token 1 booked at 9:00 am').waitFor();
    await page.getByRole('row', { name: /Prakash Jog/ }).waitFor();
  });

  it('she sees no Settings, and an owner’s page refuses her without signing her out', async () => {
    const { page } = desk;
    const navigation = page.getByRole('navigation');
    await navigation.getByRole('link', { name: 'Bookings' }).waitFor();
    expect(await navigation.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    expect(await navigation.getByRole('link', { name: 'Payment' }).count()).toBe(0);

    // A bookmark of the owner's: the screen says why, and she stays signed in.
    await page.goto(`${server.url}/dashboard/settings`);
    await page.getByText(permissions.clinicAdministration.refusal).waitFor();
    // The API refuses her too, and the refusal ends no session.
    const refused = await page.request.get(`${server.url}/api/tv/list`, { headers: await authHeaders(page) });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('ROLE_FORBIDDEN');
    await page.getByRole('link', { name: 'Back to bookings' }).click();
    await page.waitForURL(`${server.url}/dashboard/bookings`);
    await page.getByRole('row', { name: /Prakash Jog/ }).waitFor();
    await atBothWidths(page, 'front-desk-bookings');
  });

  it('the owner reads what she did in the audit trail', async () => {
    const { page } = owner;
    await page.goto(`${server.url}/dashboard/audit`);
    await page.getByLabel('Person').selectOption({ label: receptionist.name });
    const row = page.getByRole('row', { name: new RegExp(auditWhat('created', 'booking')) });
    await row.getByText(receptionist.name).waitFor();
    await row.getByText('Prakash Jog').waitFor();
    await atBothWidths(page, 'audit-front-desk');
  });
});
