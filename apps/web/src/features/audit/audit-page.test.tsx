import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuditEvent, auditEndpoints } from '@vaidya/contract/audit';
import type { PartnerDetails } from '@vaidya/contract/partner';
import type { UserRole } from '@vaidya/contract/roles';
import { type StaffMember, staffEndpoints } from '@vaidya/contract/staff';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uuid } from '../../testing/fake-masters';
import { fakePatient, fakePatients } from '../../testing/fake-patients';
import {
  answer,
  fakeServer,
  type Handler,
  storeSignedInSession,
  sushrutDental,
} from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';

// The first screen waits for the page's code as well as its answer, on a busy machine too.
const firstAppearance = { timeout: 20_000 };
const eventsRoute = `GET /api${auditEndpoints.events.path}`;
const exportRoute = `GET /api${auditEndpoints.exportCsv.path}`;
const staffRoute = `GET /api${staffEndpoints.list.path}`;

const asha = fakePatient(1, 'Asha Kulkarni');
const meena = { id: uuid(9001), name: 'Meena Joshi' };

beforeAll(async () => {
  // The patient page is another feature's: the router loads it, as it does on arrival.
  await Promise.all([
    loadRoutes('/dashboard/audit', `/dashboard/patients/${asha.id}/audit`),
    import('./components/audit-trail'),
    import('./components/audit-table'),
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The demo clinic as someone with `role` sees it. */
const clinicAs = (role: UserRole): PartnerDetails => ({
  ...sushrutDental,
  speciality_type: 'DOCTOR',
  user: { ...sushrutDental.user, role, name: role === 'owner' ? 'Dr Sushrut Kulkarni' : 'Meena Joshi' },
});

function fakeEvent(n: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: uuid(8000 + n),
    at: '2026-11-23T05:10:00.000Z',
    user_id: meena.id,
    user_name: meena.name,
    action: 'created',
    record_type: 'booking',
    record_id: uuid(8500 + n),
    patient_id: asha.id,
    patient_name: asha.name,
    location_id: null,
    address: '203.0.113.7',
    changes: null,
    ...overrides,
  };
}

const page = (results: AuditEvent[], total = results.length) =>
  answer({ data: { results, pagination: { total, page: 1, limit: 10 } } });

function staffMember(id: string, name: string, role: UserRole): StaffMember {
  return {
    user_id: id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@sushrut-dental.in`,
    mobile: null,
    role,
    location_ids: [],
    status: 'active',
    last_signed_in_at: null,
    temporary_password_expires_at: null,
    qualification: null,
    registration_council: null,
    registration_number: null,
    signature_url: null,
  };
}

function openAudit(role: UserRole, routes: Record<string, Handler>, path = '/dashboard/audit') {
  storeSignedInSession();
  const server = fakeServer({
    ...fakePatients([asha]),
    'GET /api/get-partner-details': answer({ data: clinicAs(role) }),
    [staffRoute]: answer({
      data: [
        staffMember(sushrutDental.user.id, 'Dr Sushrut Kulkarni', 'owner'),
        staffMember(meena.id, meena.name, 'doctor'),
      ],
    }),
    ...routes,
  });
  renderApp(path);
  return server;
}

const lastQuery = (server: ReturnType<typeof fakeServer>, route: string) =>
  Object.fromEntries(server.requests(route).at(-1)?.url.searchParams ?? []);

describe('the audit trail page', () => {
  it('lists who did what, when in clinic time, to which patient and from where', async () => {
    openAudit('owner', {
      [eventsRoute]: page([
        fakeEvent(1),
        fakeEvent(2, {
          action: 'read',
          record_type: 'prescription',
          user_id: null,
          user_name: '',
          address: null,
        }),
      ]),
    });

    const created = await screen.findByRole('row', { name: /Created a booking/ }, firstAppearance);
    expect(within(created).getByRole('cell', { name: '23/11/2026, 10:40 am' })).toBeInTheDocument();
    expect(within(created).getByRole('cell', { name: 'Meena Joshi' })).toBeInTheDocument();
    expect(within(created).getByRole('link', { name: 'Asha Kulkarni' })).toHaveAttribute(
      'href',
      `/dashboard/patients/${asha.id}`,
    );
    expect(within(created).getByRole('cell', { name: '203.0.113.7' })).toBeInTheDocument();
    const viewed = screen.getByRole('row', { name: /Viewed a prescription/ });
    expect(within(viewed).getByRole('cell', { name: 'Vaidya (automatic)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit trail' })).toHaveAttribute('href', '/dashboard/audit');
  });

  it('asks with the filters chosen: person, action, record and dates, from the first page', async () => {
    const user = userEvent.setup();
    const server = openAudit('owner', { [eventsRoute]: page([fakeEvent(1)]) });
    await screen.findByRole('row', { name: /Created a booking/ }, firstAppearance);
    const person = screen.getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(within(person).getByRole('option', { name: meena.name })).toBeInTheDocument());

    await user.selectOptions(person, meena.name);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Changed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record' }), 'Bill');
    await user.type(screen.getByRole('textbox', { name: 'From' }), '01112026');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '23112026');

    await waitFor(() =>
      expect(lastQuery(server, eventsRoute)).toEqual({
        user_id: meena.id,
        action: 'updated',
        record_type: 'bill',
        from: '2026-11-01',
        to: '2026-11-23',
        limit: '10',
        page: '1',
      }),
    );
  });

  it('says so and asks nothing when From is after To', async () => {
    const user = userEvent.setup();
    const server = openAudit('owner', { [eventsRoute]: page([fakeEvent(1)]) });
    await screen.findByRole('row', { name: /Created a booking/ }, firstAppearance);
    await user.type(screen.getByRole('textbox', { name: 'To' }), '01112026');
    const asked = server.requests(eventsRoute).length;

    await user.type(screen.getByRole('textbox', { name: 'From' }), '23112026');

    expect(await screen.findByText('From date cannot be after To date')).toBeInTheDocument();
    expect(server.requests(eventsRoute)).toHaveLength(asked);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('offers a doctor no person to choose and asks for no staff list', async () => {
    const server = openAudit('doctor', { [eventsRoute]: page([fakeEvent(1)]) });
    await screen.findByRole('row', { name: /Created a booking/ }, firstAppearance);

    expect(screen.getByText(/What you did to patients’ records/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Person' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Action' })).toBeInTheDocument();
    expect(server.requests(staffRoute)).toHaveLength(0);
    expect(lastQuery(server, eventsRoute)).not.toHaveProperty('user_id');
    expect(screen.getByRole('link', { name: 'Audit trail' })).toBeInTheDocument();
  });

  it('shows an edit’s changes, each field before → after, on request', async () => {
    const user = userEvent.setup();
    openAudit('owner', {
      [eventsRoute]: page([
        fakeEvent(1, {
          action: 'updated',
          record_type: 'patient',
          changes: {
            before: { mobile: '9823000001', allergies: [], name: 'Asha Kulkarni' },
            after: { mobile: '9823011111', allergies: ['Penicillin'], name: 'Asha Kulkarni' },
          },
        }),
      ]),
    });
    await screen.findByRole('row', { name: /Changed a patient record/ }, firstAppearance);

    const show = screen.getByRole('button', { name: 'Show changes' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);

    const changes = screen.getByRole('table', { name: 'Changes: Changed a patient record' });
    expect(within(changes).getByRole('row', { name: 'Mobile 9823000001 9823011111' })).toBeInTheDocument();
    expect(within(changes).getByRole('row', { name: 'Allergies — Penicillin' })).toBeInTheDocument();
    expect(within(changes).queryByRole('rowheader', { name: 'Name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide changes' }));
    expect(screen.queryByRole('table', { name: /Changes:/ })).not.toBeInTheDocument();
  });

  it('Export CSV downloads the trail the filters on screen select', async () => {
    const user = userEvent.setup();
    const csv = 'When,Who,What\r\n23/11/2026 10:40 am,Meena Joshi,Created a booking\r\n';
    const server = openAudit('owner', {
      [eventsRoute]: page([fakeEvent(1)]),
      [exportRoute]: () => new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    await screen.findByRole('row', { name: /Created a booking/ }, firstAppearance);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Viewed');
    await user.type(screen.getByRole('textbox', { name: 'From' }), '01112026');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('audit-trail.csv');
    expect(lastQuery(server, exportRoute)).toEqual({ action: 'read', from: '2026-11-01' });
  });

  it('says when there is no activity yet, and when nothing matches the filters', async () => {
    const user = userEvent.setup();
    openAudit('owner', { [eventsRoute]: page([]) });
    expect(await screen.findByText('No activity yet', {}, firstAppearance)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Record' }), 'Payment');
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
  });

  it('says when the trail could not be loaded, and asks again on Retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const server = openAudit('owner', {
      [eventsRoute]: (request) => {
        calls += 1;
        return calls <= 2
          ? answer({ message: 'Something went wrong on our side', code: 'INTERNAL' }, 500)(request)
          : page([fakeEvent(1)])(request);
      },
    });
    expect(
      await screen.findByText(
        'Could not load the audit trail. Check the connection and try again.',
        {},
        firstAppearance,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('row', { name: /Created a booking/ })).toBeInTheDocument();
    expect(server.requests(eventsRoute).length).toBeGreaterThanOrEqual(3);
  });

  it('is not offered to the front desk', async () => {
    openAudit('front_desk', {}, '/dashboard/patients');
    await screen.findByRole('link', { name: 'Patients' }, firstAppearance);
    expect(screen.queryByRole('link', { name: 'Audit trail' })).not.toBeInTheDocument();
  });
});

describe('the Audit view of a patient’s page', () => {
  it('lists the acts on the patient’s records alone, without a patient column', async () => {
    const server = openAudit(
      'owner',
      { [eventsRoute]: page([fakeEvent(1, { action: 'sent', record_type: 'message' })]) },
      `/dashboard/patients/${asha.id}/audit`,
    );

    await screen.findByRole('row', { name: /Sent a message/ }, firstAppearance);
    expect(lastQuery(server, eventsRoute)).toMatchObject({ patient_id: asha.id, page: '1' });
    expect(screen.queryByRole('columnheader', { name: 'Patient' })).not.toBeInTheDocument();
    const views = screen.getByRole('navigation', { name: 'Patient views' });
    expect(within(views).getByRole('link', { name: 'Audit' })).toHaveAttribute('aria-current', 'page');
    expect(within(views).getByRole('link', { name: 'History' })).not.toHaveAttribute('aria-current');
  });

  it('is not offered to the front desk, whose page shows the history', async () => {
    openAudit('front_desk', {}, `/dashboard/patients/${asha.id}/audit`);
    await screen.findByRole('heading', { name: 'Asha Kulkarni' }, firstAppearance);
    expect(screen.queryByRole('navigation', { name: 'Patient views' })).not.toBeInTheDocument();
  });
});
