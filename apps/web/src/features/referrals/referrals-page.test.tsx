import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Referral } from '@vaidya/contract/referrals';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import { answer, fakeServer, type Handler, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([import('../../app/dashboard-layout'), import('./referrals-page')]);
});

const referralLink = { code: 'abcd2345', url: 'https://vaidya.example/sign-up-secure?ref=abcd2345' };

const careClinic: Referral = {
  id: uuid(801),
  name: 'Care Clinic',
  mobile: '9000000001',
  speciality: 'DOCTOR',
  city: 'Nashik',
  status: 'active',
  created_at: '2026-11-10T05:00:00.000Z',
};

/** The referral calls over a list kept in memory; a mobile already referred is refused as the server does. */
function fakeReferrals(start: Referral[] = []): Record<string, Handler> {
  const referrals = [...start];
  return {
    'GET /api/referrals': () => Response.json({ data: { results: referrals } }),
    'GET /api/referral-link': answer({ data: referralLink }),
    'POST /api/new-client-request': ({ body }) => {
      const payload = body as Omit<Referral, 'id' | 'status' | 'created_at'>;
      if (referrals.some((referral) => referral.mobile === payload.mobile)) {
        return Response.json(
          { code: 'CONFLICT', message: 'You have already referred this number' },
          { status: 409 },
        );
      }
      const referral: Referral = {
        ...payload,
        id: uuid(900 + referrals.length),
        status: 'invited',
        created_at: '2026-11-20T05:00:00.000Z',
      };
      referrals.unshift(referral);
      return Response.json({ data: referral, message: 'Referral sent successfully' }, { status: 201 });
    },
  };
}

async function fillInReferral(mobile: string) {
  const form = await screen.findByRole('form', { name: 'Refer a clinic' }, firstAppearance);
  await userEvent.type(within(form).getByLabelText(/Clinic name/), 'Smile Dental');
  await userEvent.type(within(form).getByLabelText(/Mobile number/), mobile);
  await userEvent.selectOptions(within(form).getByLabelText(/Speciality/), 'Dentist');
  await userEvent.type(within(form).getByLabelText(/City/), 'Pune');
  return form;
}

describe('the referrals page', { timeout: 30_000 }, () => {
  it('refers a clinic, which is listed as invited above the earlier ones', async () => {
    storeSignedInSession();
    const server = fakeServer(fakeReferrals([careClinic]));
    renderApp('/dashboard/referrals');
    const table = await screen.findByRole('table', { name: 'Your referrals' }, firstAppearance);
    expect(within(table).getByText('Care Clinic')).toBeVisible();
    expect(within(table).getByText('Active')).toBeVisible();
    // On a phone the table scrolls sideways in a box of its own, which the keyboard can reach.
    const scroller = screen.getByRole('region', { name: 'Your referrals' });
    expect(scroller).toContainElement(table);
    expect(scroller).toHaveAttribute('tabindex', '0');

    const form = await fillInReferral('98220 12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Refer clinic' }));

    expect(await screen.findByText('Referral sent successfully')).toBeVisible();
    expect(server.requests('POST /api/new-client-request')[0]?.body).toEqual({
      name: 'Smile Dental',
      mobile: '9822012345',
      speciality: 'DENTIST',
      city: 'Pune',
    });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, newest] = within(table).getAllByRole('row');
    expect(within(newest as HTMLElement).getByText('Smile Dental')).toBeVisible();
    expect(within(newest as HTMLElement).getByText('Invited')).toBeVisible();
    expect(within(form).getByLabelText(/Clinic name/)).toHaveValue('');
  });

  it('says so when the number was referred already, and checks the form first', async () => {
    storeSignedInSession();
    const server = fakeServer(fakeReferrals([careClinic]));
    renderApp('/dashboard/referrals');
    const form = await screen.findByRole('form', { name: 'Refer a clinic' }, firstAppearance);
    await userEvent.click(within(form).getByRole('button', { name: 'Refer clinic' }));
    expect(await within(form).findByText('Clinic name is required')).toBeVisible();
    expect(within(form).getByText('Please choose a speciality')).toBeVisible();
    expect(server.requests('POST /api/new-client-request')).toHaveLength(0);

    await fillInReferral('9000000001');
    await userEvent.click(within(form).getByRole('button', { name: 'Refer clinic' }));
    expect(await within(form).findByText('You have already referred this number')).toBeVisible();
  });

  it('shows the personal referral link and copies it', async () => {
    storeSignedInSession();
    fakeServer(fakeReferrals());
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/dashboard/referrals');
    expect(await screen.findByLabelText('Referral link', {}, firstAppearance)).toHaveValue(referralLink.url);
    expect(await screen.findByText('No referrals yet. Refer a clinic above.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(referralLink.url);
    expect(await screen.findByText('Referral link copied')).toBeVisible();
  });
});
