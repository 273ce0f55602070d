import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partnerMessages } from '@vaidya/contract/partner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A clinic renames its booking website (decision 030): the old `/site/<name>` of its printed QR
 * codes leads to the new name, and the old name stays the clinic's, never another's.
 */
describe('a booking website’s old names', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'vaidya-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Vaidya</title><div id="root"></div>');
    t = await createTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  let clinics = 0;
  /** A clinic with a website name of its own, so tests never find each other's. */
  async function clinicNamed(prefix: string) {
    clinics += 1;
    const name = `${prefix}-${clinics}-${Math.random().toString(36).slice(2, 8)}`;
    const clinic = await createSignedInPartner(t, { name: `Clinic ${prefix}`, qr_code_domain: name });
    return { clinic, name };
  }

  const rename = (clinic: SignedInPartner, qrCodeDomain: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v2/edit-partner-details',
      headers: clinic.headers,
      payload: { name: 'Renamed Clinic', specialityType: 'DENTIST', qrCodeDomain },
    });

  const openPage = (path: string) => t.app.inject({ method: 'GET', url: path });
  const askSite = (name: string) =>
    t.app.inject({ method: 'GET', url: `/api/public/site?domain=${encodeURIComponent(name)}` });

  /** Asserts `path` is the web app's own page, with no redirect. */
  const expectWebPage = async (path: string) => {
    const page = await openPage(path);
    expect(page.statusCode, path).toBe(200);
    expect(page.body).toContain('<div id="root">');
  };

  it('leads the old address to the new one with a permanent redirect, query and any letter case kept', async () => {
    const { clinic, name: oldName } = await clinicNamed('kale');
    const newName = `${oldName}-physio`;
    expect((await rename(clinic, newName)).statusCode).toBe(200);

    const page = await openPage(`/site/${oldName}`);
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe(`/site/${newName}`);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await openPage(`/site/${oldName.toUpperCase()}?from=poster`)).headers.location).toBe(
      `/site/${newName}?from=poster`,
    );
    await expectWebPage(`/site/${newName}`);
  });

  it('answers the website by its old name with the current name, for the page to show it', async () => {
    const { clinic, name: oldName } = await clinicNamed('apte');
    const newName = `${oldName}-eye`;
    await rename(clinic, newName);

    for (const asked of [oldName, newName]) {
      const site = await askSite(asked);
      expect(site.statusCode, asked).toBe(200);
      expect(site.json().data).toMatchObject({ name: 'Renamed Clinic', qr_code_domain: newName });
    }
  });

  it('leads every old name to the newest one', async () => {
    const { clinic, name: first } = await clinicNamed('joshi');
    await rename(clinic, `${first}-second`);
    await rename(clinic, `${first}-third`);
    for (const old of [first, `${first}-second`]) {
      expect((await openPage(`/site/${old}`)).headers.location).toBe(`/site/${first}-third`);
    }
  });

  it('keeps the old name from any other clinic with 409, in the words of a taken name', async () => {
    const { clinic, name: oldName } = await clinicNamed('deshpande');
    await rename(clinic, `${oldName}-skin`);
    const { clinic: other } = await clinicNamed('other');

    const taking = await rename(other, oldName);
    expect(taking.statusCode).toBe(409);
    expect(taking.json()).toEqual({ message: partnerMessages.qrCodeDomainTaken, code: 'CONFLICT' });
    expect((await openPage(`/site/${oldName}`)).headers.location).toBe(`/site/${oldName}-skin`);
  });

  it('gives the clinic its old name back, and the name it leaves leads there', async () => {
    const { clinic, name: oldName } = await clinicNamed('patil');
    const newName = `${oldName}-dental`;
    await rename(clinic, newName);

    const back = await rename(clinic, oldName);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.qr_code_domain).toBe(oldName);
    await expectWebPage(`/site/${oldName}`);
    expect((await openPage(`/site/${newName}`)).headers.location).toBe(`/site/${oldName}`);
    expect((await askSite(oldName)).json().data.qr_code_domain).toBe(oldName);
  });

  it('keeps a cleared name the clinic’s without a website there, until it takes the name back', async () => {
    const { clinic, name } = await clinicNamed('gokhale');
    expect((await rename(clinic, null)).statusCode).toBe(200);

    await expectWebPage(`/site/${name}`);
    expect((await askSite(name)).statusCode).toBe(404);
    const { clinic: other } = await clinicNamed('other');
    expect((await rename(other, name)).statusCode).toBe(409);
    expect((await rename(clinic, name)).statusCode).toBe(200);
    expect((await askSite(name)).json().data.qr_code_domain).toBe(name);
  });

  it('answers a name no clinic ever had as before: the page, and 404 from the API', async () => {
    await expectWebPage('/site/no-such-clinic');
    await expectWebPage('/site/Not%20a%20website%20name');
    const unknown = await askSite('no-such-clinic');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Clinic not found', code: 'NOT_FOUND' });
  });
});
