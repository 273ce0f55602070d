import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allergyScreenWords } from '@vaidya/contract/allergy-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { fakeBooking, fakeBookings } from '../../testing/fake-bookings';
import { fakeConsultation } from '../../testing/fake-consultation';
import { fakePatient, fakePatients, patientRoutes } from '../../testing/fake-patients';
import { answer, fakeServer, type Handler, storeSignedInSession } from '../../testing/fake-server';
import { loadRoutes } from '../../testing/load-routes';
import { renderApp } from '../../testing/render-app';

// The router and the editor load lazily; compiled first, the waits are for the screen alone.
const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 60_000;

beforeAll(async () => {
  await loadRoutes('/dashboard/bookings', '/dashboard/consultation');
});

const anilBooking = fakeBooking(1, '10:00', 'Anil Deshpande', { mobile: '9822000001' });
const anil = fakePatient(1, 'Anil Deshpande', {
  mobile: '9822000001',
  allergies: ['Penicillin', 'Latex'],
  medical_alerts: ['diabetic', 'blood_thinners'],
  alert_notes: 'Fainted at the last extraction',
});
// His daughter shares his phone; her allergy is not his.
const meera = fakePatient(2, 'Meera Deshpande', { mobile: '9822000001', allergies: ['Sulfa'] });
const kavita = fakePatient(3, 'Kavita Rao', { mobile: '9822012345', allergies: ['Aspirin'] });

function open(path: string, routes: Record<string, Handler> = {}) {
  storeSignedInSession();
  localStorage.setItem(sessionKeys.selectedDay, anilBooking.date);
  fakeServer({
    ...fakeBookings({ bookings: [anilBooking] }),
    ...fakeConsultation(),
    ...fakePatients([meera, anil, kavita]),
    ...routes,
  });
  renderApp(path);
}

async function openAnilsPrescription() {
  open('/dashboard/bookings');
  await userEvent.click(
    await screen.findByRole('button', { name: 'Prescription for Anil Deshpande' }, firstAppearance),
  );
  await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);
}

async function pick(label: string, term: string, option: RegExp) {
  const user = userEvent.setup();
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  await user.type(input, term);
  await user.click(await screen.findByRole('option', { name: option }));
}

const medicineNames = () =>
  screen
    .queryAllByRole('textbox', { name: /Medicine Name/ })
    .map((field) => (field as HTMLInputElement).value);

describe('allergy safety in the prescription editor', { timeout: journeyTimeout }, () => {
  it('shows the patient’s allergies and alerts in red at the top, not those of another patient on the same mobile', async () => {
    await openAnilsPrescription();

    const safety = await screen.findByRole('region', { name: allergyScreenWords.safetyLabel });
    expect(safety).toHaveTextContent('Allergies: Penicillin, Latex');
    expect(safety).toHaveTextContent('Alerts: Diabetic, On blood thinners, Fainted at the last extraction');
    expect(safety).not.toHaveTextContent('Sulfa');
  });

  it('warns by name before adding a medicine of an allergy’s class; “Do not add” leaves it out, “Add anyway” adds it', async () => {
    await openAnilsPrescription();
    await screen.findByRole('region', { name: allergyScreenWords.safetyLabel });

    await pick('Search or add a medicine', 'amox', /Amoxicillin 500/);
    const warning = await screen.findByRole('dialog', { name: allergyScreenWords.warningTitle });
    expect(warning).toHaveTextContent('Allergy: Penicillin — Amoxicillin 500 is a penicillin');
    expect(warning).toHaveTextContent(allergyScreenWords.textCheckOnly);
    await userEvent.click(within(warning).getByRole('button', { name: allergyScreenWords.doNotAdd }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(medicineNames()).toEqual([]);

    await pick('Search or add a medicine', 'amox', /Amoxicillin 500/);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: allergyScreenWords.addAnyway }),
    );
    expect(medicineNames()).toEqual(['Amoxicillin 500']);
  });

  it('adds a medicine that matches no allergy at once', async () => {
    await openAnilsPrescription();
    await screen.findByRole('region', { name: allergyScreenWords.safetyLabel });

    await pick('Search or add a medicine', 'para', /Paracetamol 650/);
    expect(medicineNames()).toEqual(['Paracetamol 650']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('holds a template back while one of its medicines matches, then adds it whole once confirmed', async () => {
    await openAnilsPrescription();
    await screen.findByRole('region', { name: allergyScreenWords.safetyLabel });

    await pick('Apply template', 'after', /After extraction/);
    const warning = await screen.findByRole('dialog', { name: allergyScreenWords.warningTitle });
    expect(warning).toHaveTextContent('Allergy: Penicillin — Amoxicillin 500 is a penicillin');
    expect(medicineNames()).toEqual([]);
    await userEvent.click(within(warning).getByRole('button', { name: allergyScreenWords.addAnyway }));

    expect(await screen.findByText('After extraction: 2 medicines added')).toBeVisible();
    expect(medicineNames()).toEqual(['Amoxicillin 500', 'Paracetamol 650']);
  });

  it('finds a walk-in’s record by the mobile and name typed, and warns by word', async () => {
    open('/dashboard/consultation');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New prescription' }, firstAppearance);
    await user.type(screen.getByRole('textbox', { name: /Patient name/ }), 'kavita  RAO');
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '98220 12345');

    expect(await screen.findByRole('region', { name: allergyScreenWords.safetyLabel })).toHaveTextContent(
      'Allergies: Aspirin',
    );
    await pick('Search or add a medicine', 'Aspirin 75', /Add "Aspirin 75"/);
    expect(await screen.findByRole('dialog', { name: allergyScreenWords.warningTitle })).toHaveTextContent(
      'Allergy: Aspirin — Aspirin 75 names Aspirin',
    );
  });

  it('says the allergies are unknown when the patient registry cannot be read', async () => {
    open('/dashboard/bookings', {
      [patientRoutes.byMobile]: answer({ message: 'Something went wrong', code: 'INTERNAL' }, 500),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Prescription for Anil Deshpande' }, firstAppearance),
    );

    expect(await screen.findByText(allergyScreenWords.safetyFetchFailed, {}, firstAppearance)).toBeVisible();
    expect(screen.queryByRole('region', { name: allergyScreenWords.safetyLabel })).not.toBeInTheDocument();
  });
});
