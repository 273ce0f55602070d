import { screen, within } from '@testing-library/react';
import { complaintContract } from '@vaidya/contract/masters';
import { permissions } from '@vaidya/contract/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeMaster, uuid } from '../testing/fake-masters';
import { fakePrescription, fullPrescription } from '../testing/fake-prescription';
import { answer, fakeServer, storeSignedInSession, sushrutDentalAs } from '../testing/fake-server';
import { renderApp } from '../testing/render-app';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('./dashboard-layout'),
    import('./role-guard'),
    import('../features/masters/prescription-masters-page'),
    import('../features/prescriptions/prescription-preview-page'),
  ]);
});

function signedInAs(role: 'owner' | 'doctor' | 'front_desk', routes = {}) {
  storeSignedInSession();
  return fakeServer({ 'GET /api/get-partner-details': answer({ data: sushrutDentalAs(role) }), ...routes });
}

const navigation = () => screen.findByRole('navigation', { name: 'Dashboard' }, firstAppearance);

describe('the front desk (issue 23)', { timeout: 30_000 }, () => {
  it('is offered no Settings, payment, referrals or QR code in the navigation', async () => {
    signedInAs('front_desk', fakeMaster(complaintContract.names, []));
    renderApp('/dashboard/prescription-masters');

    const links = within(await navigation());
    expect(await links.findByRole('link', { name: 'Bookings' })).toBeVisible();
    expect(links.getByRole('link', { name: 'Patients' })).toBeVisible();
    for (const name of ['Settings', 'Payment', 'Referrals', 'QR Code']) {
      expect(links.queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it('opening Settings from its address is told it is not for their role, and stays signed in', async () => {
    signedInAs('front_desk');
    const router = renderApp('/dashboard/settings');

    expect(await screen.findByText('Not for your role', {}, firstAppearance)).toBeVisible();
    expect(screen.getByText(permissions.clinicAdministration.refusal)).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
  });

  it('reads a master list without Add, Edit or Delete', async () => {
    signedInAs(
      'front_desk',
      fakeMaster(complaintContract.names, [{ id: uuid(1), complaint_name: 'Toothache' }]),
    );
    renderApp('/dashboard/prescription-masters?list=complaints');

    expect(await screen.findByText('Toothache', {}, firstAppearance)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add Complaint' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit Toothache/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Toothache/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add starter lists' })).not.toBeInTheDocument();
  });

  it('opens a prescription to print and send, but not to edit', async () => {
    signedInAs('front_desk', fakePrescription());
    renderApp(`/prescription-preview/${fullPrescription.consultation_form_data.id}`);

    expect(await screen.findByRole('button', { name: /WhatsApp/ }, firstAppearance)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('opening the prescription editor from its address is told only a doctor or the owner writes one', async () => {
    signedInAs('front_desk');
    renderApp('/dashboard/consultation');

    expect(await screen.findByText(permissions.clinicalRecords.refusal, {}, firstAppearance)).toBeVisible();
  });
});

describe('a doctor and an owner (issue 23)', { timeout: 30_000 }, () => {
  it('a doctor changes masters but is offered no Settings', async () => {
    signedInAs('doctor', fakeMaster(complaintContract.names, [{ id: uuid(1), complaint_name: 'Toothache' }]));
    renderApp('/dashboard/prescription-masters?list=complaints');

    expect(await screen.findByText('Toothache', {}, firstAppearance)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Complaint' })).toBeVisible();
    expect(within(await navigation()).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('an owner is offered the prescription’s Edit', async () => {
    signedInAs('owner', fakePrescription());
    renderApp(`/prescription-preview/${fullPrescription.consultation_form_data.id}`);

    expect(await screen.findByRole('link', { name: 'Edit' }, firstAppearance)).toBeVisible();
  });
});
