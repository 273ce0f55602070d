import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakePatient, fakePatients, patientRoutes } from '../../testing/fake-patients';
import { answer, fakeServer, type Handler, inTurn, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';
import { onAScreenOf } from '../../testing/screen-width';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./patient-page'),
    import('./components/patient-dialog'),
  ]);
});

const asha = fakePatient(12, 'Asha Kulkarni', {
  mobile: '9822054321',
  gender: 'female',
  age: 34,
  date_of_birth: '1992-03-14',
  balance: 1250,
  address: '12 Karve Road, Kothrud, Pune',
  email: 'asha@example.com',
  blood_group: 'B+',
  allergies: ['Penicillin', 'Sulfa'],
  medical_alerts: ['diabetic', 'blood_thinners'],
  alert_notes: 'Fainted at an injection',
  notes: 'Prefers morning visits',
  first_seen_on: '2025-06-02',
  family: [
    {
      id: fakePatient(13, 'Kabir Kulkarni').id,
      patient_number: '13',
      name: 'Kabir Kulkarni',
      gender: 'male',
      age: 9,
    },
  ],
});

function open(routes: Record<string, Handler> = {}, id = asha.id) {
  storeSignedInSession();
  const server = fakeServer({ ...fakePatients([asha]), ...routes });
  renderApp(`/dashboard/patients/${id}`);
  return server;
}

const definition = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('A patient’s page', () => {
  it('heads the page with the patient, their allergies and alerts in red, then the rest of the record', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asha Kulkarni' }, firstAppearance),
    ).toBeVisible();
    expect(screen.getByText('No. 12 · 34 F · 9822054321')).toBeVisible();
    expect(screen.getByText('Balance due: ₹1,250.00')).toHaveStyle({ color: 'rgb(211, 47, 47)' });

    const warnings = screen.getByRole('note');
    expect(warnings).toHaveClass('MuiAlert-colorError');
    expect(within(warnings).getByText('Allergies: Penicillin, Sulfa')).toBeVisible();
    expect(
      within(warnings).getByText('Medical alerts: Diabetic, On blood thinners, Fainted at an injection'),
    ).toBeVisible();

    expect(definition('Address')).toBe('12 Karve Road, Kothrud, Pune');
    expect(definition('Email')).toBe('asha@example.com');
    expect(definition('Blood group')).toBe('B+');
    expect(definition('Date of birth')).toBe('14/03/1992');
    expect(definition('First seen')).toBe('02/06/2025');
    expect(definition('Notes')).toBe('Prefers morning visits');
    // The others on her phone, each leading to their page.
    expect(definition('Family on this number')).toBe('Kabir Kulkarni (9 M)');
    expect(screen.getByRole('link', { name: 'Kabir Kulkarni' })).toHaveAttribute(
      'href',
      `/dashboard/patients/${fakePatient(13, 'Kabir Kulkarni').id}`,
    );
    expect(screen.getByRole('link', { name: 'All patients' })).toHaveAttribute('href', '/dashboard/patients');
  });

  it('shows no warning for a patient without allergies or alerts, and says what is not recorded', async () => {
    const plain = fakePatient(5, 'Rohit Sharma', {
      age: 40,
      date_of_birth: '1986-01-01',
      date_of_birth_approximate: true,
    });
    storeSignedInSession();
    fakeServer(fakePatients([plain]));
    renderApp(`/dashboard/patients/${plain.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rohit Sharma' }, firstAppearance),
    ).toBeVisible();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByText('Balance due: ₹0.00')).not.toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(definition('Date of birth')).toBe('01/01/1986 (from the age given)');
    expect(definition('Email')).toBe('Not recorded');
    expect(screen.queryByText('Family on this number')).not.toBeInTheDocument();
  });

  it('shows a spinner while the patient loads', async () => {
    open({ [patientRoutes.byId]: () => new Promise<Response>(() => {}) });
    expect(
      await screen.findByRole('progressbar', { name: 'Loading the patient' }, firstAppearance),
    ).toBeVisible();
  });

  it('says when the patient was not found, as for another clinic’s patient', async () => {
    open({}, '00000000-0000-4000-8000-000000009999');
    expect(await screen.findByText('This patient was not found', {}, firstAppearance)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says the patient could not be fetched, and Retry asks again', async () => {
    const failure = answer({ message: 'Internal Server Error', code: 'INTERNAL' }, 500);
    const server = open({
      [patientRoutes.byId]: inTurn(failure, failure, fakePatients([asha])[patientRoutes.byId] as Handler),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Failed to fetch the patient', {}, firstAppearance)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Kulkarni' })).toBeVisible();
    expect(server.requests(patientRoutes.byId)).toHaveLength(3);
  });

  it('edits the patient in the same dialog, filled in, and shows what was saved', async () => {
    const server = open();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Asha Kulkarni' }, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit patient' });

    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Asha Kulkarni');
    expect(within(dialog).getByRole('textbox', { name: 'Mobile number' })).toHaveValue('9822054321');
    expect(within(dialog).getByRole('textbox', { name: 'Patient number' })).toHaveValue('12');
    expect(within(dialog).getByRole('textbox', { name: 'Date of birth' })).toHaveValue('14/03/1992');
    expect(within(dialog).getByRole('textbox', { name: 'Age (years)' })).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: 'Diabetic' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Remove Penicillin' })).toBeVisible();

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Asha R Kulkarni');
    await user.type(within(dialog).getByRole('textbox', { name: 'Allergies' }), 'Latex{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Asha R Kulkarni' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Allergies: Penicillin, Sulfa, Latex')).toBeVisible();
    const sent = server.requests(patientRoutes.update)[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      id: asha.id,
      name: 'Asha R Kulkarni',
      allergies: ['Penicillin', 'Sulfa', 'Latex'],
    });
    // The date of birth was not touched, so it is not sent again.
    expect(sent).not.toHaveProperty('dateOfBirth');
    expect(sent).not.toHaveProperty('age');
  });

  it('refuses a date of birth and an age together, in the contract’s words', async () => {
    const server = open();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Asha Kulkarni' }, firstAppearance);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit patient' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Age (years)' }), '35');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Give either a date of birth or an age, not both')).toBeVisible();
    expect(server.requests(patientRoutes.update)).toHaveLength(0);
  });

  it('reads top to bottom on a 360 px phone', async () => {
    onAScreenOf(360);
    open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Asha Kulkarni' }, firstAppearance);
    const warnings = screen.getByRole('note');
    const details = screen.getByRole('heading', { level: 2, name: 'Details' });
    expect(heading.compareDocumentPosition(warnings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(warnings.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
