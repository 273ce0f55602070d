import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissions } from '@vaidya/contract/roles';
import { type StaffMember, staffMessages } from '@vaidya/contract/staff';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../lib/session';
import {
  answer,
  baner,
  fakeServer,
  type Handler,
  kothrud,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router and the dialog load these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('../../app/role-guard'),
    import('./staff-page'),
    import('./components/staff-form'),
  ]);
});

const owner: StaffMember = {
  user_id: sushrutDental.user.id,
  name: sushrutDental.user.name,
  email: sushrutDental.user.email,
  mobile: null,
  role: 'owner',
  location_ids: [kothrud.id, baner.id],
  status: 'active',
  last_signed_in_at: '2026-11-25T04:30:00.000Z',
  temporary_password_expires_at: null,
  qualification: 'BDS',
  registration_council: null,
  registration_number: null,
  signature_url: null,
};

const asha: StaffMember = {
  ...owner,
  user_id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'Asha Patil',
  email: 'asha@sushrut-dental.in',
  role: 'front_desk',
  location_ids: [baner.id],
  status: 'invited',
  last_signed_in_at: null,
  temporary_password_expires_at: '2026-12-03T04:30:00.000Z',
  qualification: null,
};

function staffServer(initial: StaffMember[], more: Record<string, Handler> = {}) {
  storeSignedInSession();
  let staff = [...initial];
  const server = fakeServer({
    'GET /api/staff/get-staff': () => Response.json({ data: staff }),
    'POST /api/staff/add-staff': ({ body }) => {
      const sent = body as { name: string; email: string; role: StaffMember['role']; locationIds: string[] };
      const member: StaffMember = {
        ...asha,
        user_id: 'a9b8c7d6-e5f4-4a3b-8c2d-1e0f9a8b7c6e',
        name: sent.name,
        email: sent.email,
        role: sent.role,
        location_ids: sent.locationIds,
      };
      staff = [...staff, member];
      return Response.json(
        { data: { member, temporary_password: 'Kothrud-Tiger-42' }, message: staffMessages.added },
        { status: 201 },
      );
    },
    ...more,
  });
  return server;
}

describe('Settings → Staff (issue 23)', { timeout: 30_000 }, () => {
  it('lists each member with role, locations, last sign-in and status', async () => {
    staffServer([owner, asha]);
    renderApp('/dashboard/settings/staff');

    const list = await screen.findByRole('list', { name: 'Staff members' }, firstAppearance);
    const [ownerRow, ashaRow] = within(list).getAllByRole('listitem');
    expect(ownerRow).toHaveTextContent('Dr Sushrut Kulkarni (you)');
    expect(ownerRow).toHaveTextContent('Owner');
    expect(ownerRow).toHaveTextContent('All locations');
    expect(ownerRow).toHaveTextContent('Last signed in');
    expect(ownerRow).toHaveTextContent('Active');
    expect(ashaRow).toHaveTextContent('Asha Patil');
    expect(ashaRow).toHaveTextContent('Front desk');
    expect(ashaRow).toHaveTextContent('Baner');
    expect(ashaRow).not.toHaveTextContent('Kothrud');
    expect(ashaRow).toHaveTextContent('Never signed in');
    expect(ashaRow).toHaveTextContent('Not signed in yet');
  });

  it('says when nobody else signs in yet', async () => {
    staffServer([]);
    renderApp('/dashboard/settings/staff');

    expect(
      await screen.findByText(
        'Nobody else signs in yet. Add your doctors and front desk here.',
        {},
        firstAppearance,
      ),
    ).toBeVisible();
  });

  it('shows a role refusal where the list would be, with Retry, and keeps the session', async () => {
    staffServer([], {
      'GET /api/staff/get-staff': answer(
        { message: permissions.clinicAdministration.refusal, code: 'ROLE_FORBIDDEN' },
        403,
      ),
    });
    const router = renderApp('/dashboard/settings/staff');

    expect(
      await screen.findByText(permissions.clinicAdministration.refusal, {}, firstAppearance),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/settings/staff');
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token');
  });

  it('adds a member and shows their one-time password once, with a copy button and what to do with it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = staffServer([owner]);
    renderApp('/dashboard/settings/staff');

    await userEvent.click(await screen.findByRole('button', { name: 'Add staff' }, firstAppearance));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose at least one location')).toBeVisible();
    expect(server.requests('POST /api/staff/add-staff')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ravi Joshi');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ravi@sushrut-dental.in');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Front desk' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Kothrud' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    const shown = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(server.requests('POST /api/staff/add-staff')[0]?.body).toEqual({
      name: 'Ravi Joshi',
      email: 'ravi@sushrut-dental.in',
      role: 'front_desk',
      locationIds: [kothrud.id],
    });
    expect(within(shown).getByRole('textbox', { name: 'One-time password' })).toHaveValue('Kothrud-Tiger-42');
    expect(within(shown).getByText(/Hand this password to Ravi Joshi/)).toBeVisible();
    expect(within(shown).getByText(/It works for 7 days/)).toBeVisible();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy password' }));
    expect(writeText).toHaveBeenCalledWith('Kothrud-Tiger-42');
    expect(await within(shown).findByText('Password copied')).toBeVisible();

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Kothrud-Tiger-42')).not.toBeInTheDocument());
    expect(await screen.findByText('Ravi Joshi')).toBeVisible();
  });

  it('disables a member only after asking', async () => {
    const disabled = { ...asha, status: 'disabled' as const };
    const server = staffServer([owner, asha], {
      'PUT /api/staff/disable-staff': answer({ data: disabled, message: staffMessages.disabled }),
    });
    renderApp('/dashboard/settings/staff');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for Asha Patil' }, firstAppearance),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable Asha Patil?' });
    expect(server.requests('PUT /api/staff/disable-staff')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText(staffMessages.disabled)).toBeVisible();
    expect(server.requests('PUT /api/staff/disable-staff')[0]?.body).toEqual({ userId: asha.user_id });
  });
});
