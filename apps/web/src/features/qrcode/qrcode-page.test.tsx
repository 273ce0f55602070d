import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { websiteAddress } from '@vaidya/contract/partner';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, fakeServer, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { clinicSlug } from './qrcode-page';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([import('../../app/dashboard-layout'), import('./qrcode-page'), import('qrcode')]);
});

const withWebsite = (website: { qr_code_domain: string | null; domain_url: string | null }) => ({
  'GET /api/get-partner-details': answer({ data: { ...sushrutDental, ...website } }),
});

describe('the website QR code page', { timeout: 30_000 }, () => {
  it('shows the code of the booking website on this app, and downloads it named after the clinic', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: 'sushrut-dental', domain_url: null }));
    renderApp('/dashboard/qrcode');
    expect(
      await screen.findByRole('heading', { name: 'QR Code of your website' }, firstAppearance),
    ).toBeVisible();
    const address = `${window.location.origin}/site/sushrut-dental`;
    expect(screen.getByText('This QR code links to your website address:')).toBeVisible();
    expect(screen.getByRole('link', { name: address })).toHaveAttribute('href', address);
    const image = await screen.findByRole('img', { name: `QR code of ${address}` }, firstAppearance);
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const download = screen.getByRole('link', { name: 'Download QR Code' });
    expect(download).toHaveAttribute('download', 'sushrut-dental-clinic-qr-code.png');
    expect(download).toHaveAttribute('href', image.getAttribute('src'));
  });

  it("links to the clinic's own domain when it has one", async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: 'sushrut-dental', domain_url: 'https://sushrut-dental.in' }));
    renderApp('/dashboard/qrcode');
    expect(
      await screen.findByRole('img', { name: 'QR code of https://sushrut-dental.in' }, firstAppearance),
    ).toBeVisible();
  });

  it('without a website name, sends the clinic to Settings to set one', async () => {
    storeSignedInSession();
    fakeServer(withWebsite({ qr_code_domain: null, domain_url: null }));
    const router = renderApp('/dashboard/qrcode');
    const notice = await screen.findByRole('alert', {}, firstAppearance);
    expect(within(notice).getByText('Your website has no name yet')).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
    await userEvent.click(within(notice).getByRole('link', { name: 'Open Settings' }));
    await screen.findByRole('heading', { name: 'Settings' }, firstAppearance);
    expect(router.state.location.pathname).toBe('/dashboard/settings');
  });
});

describe('the website address and the file name', () => {
  it('prefer the own domain, read with or without https, then the website name', () => {
    expect(websiteAddress({ qr_code_domain: 'a', domain_url: 'Smile.IN' }, 'https://app.test')).toBe(
      'https://smile.in',
    );
    expect(websiteAddress({ qr_code_domain: 'smile', domain_url: null }, 'https://app.test')).toBe(
      'https://app.test/site/smile',
    );
    expect(websiteAddress({ qr_code_domain: null, domain_url: null }, 'https://app.test')).toBeNull();
  });

  it('slug the clinic name', () => {
    expect(clinicSlug('Dr. Joshi’s Clinic, Kothrud')).toBe('dr-joshi-s-clinic-kothrud');
    expect(clinicSlug('दंत क्लिनिक')).toBe('clinic');
  });
});
