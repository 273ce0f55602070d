import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { patientPagePath } from '../lib/paths';
import { fakePatient, fakePatients, patientRoutes } from '../testing/fake-patients';
import { answer, fakeServer, storeSignedInSession } from '../testing/fake-server';
import { renderApp } from '../testing/render-app';
import { onAScreenOf } from '../testing/screen-width';

const rohit = fakePatient(1, 'Rohit Sharma', { mobile: '9822011001' });
const shalini = fakePatient(2, 'Shalini Deshpande', { mobile: '9822022002' });
const kavita = fakePatient(3, 'Kavita Rao', { mobile: '9822033003' });

async function openDashboard(path = '/dashboard/qrcode', routes = fakePatients([rohit, shalini, kavita])) {
  storeSignedInSession();
  const server = fakeServer(routes);
  const router = renderApp(path);
  await screen.findByText('Sushrut Dental Clinic');
  return { router, server };
}

const searchField = () => screen.getByRole('combobox', { name: 'Name, mobile or patient number' });

describe('finding a patient from the app bar', () => {
  it('opens on Ctrl+K focused, lists the best matches as one types, and ↓ and Enter open the patient', async () => {
    const user = userEvent.setup();
    const { router, server } = await openDashboard();
    expect(screen.getByRole('button', { name: 'Find a patient Ctrl K' })).toBeVisible();

    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find a patient' });
    expect(searchField()).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Type a name, 3 or more digits of a mobile, or a patient number.',
    );

    await user.type(searchField(), 'sh');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching…');
    const listbox = await within(dialog).findByRole('listbox', { name: 'Patients found' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Rohit SharmaNo. 1 · 9822011001',
      'Shalini DeshpandeNo. 2 · 9822022002',
    ]);
    expect(searchField()).toHaveAttribute('aria-expanded', 'true');
    expect(searchField()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    const asked = server.requests(patientRoutes.list).at(-1)?.url.searchParams;
    expect(asked?.get('query')).toBe('sh');
    expect(asked?.get('limit')).toBe('8');

    await user.keyboard('{ArrowDown}');
    expect(searchField()).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(searchField()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe(patientPagePath(shalini.id)));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens on "/" unless "/" is typed into a field, and Escape closes it', async () => {
    const user = userEvent.setup();
    await openDashboard('/dashboard/patients');

    const registrySearch = await screen.findByRole('searchbox', {
      name: 'Search by patient number, mobile or name',
    });
    await user.type(registrySearch, '12/');
    expect(registrySearch).toHaveValue('12/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('/');
    await screen.findByRole('dialog', { name: 'Find a patient' });
    expect(searchField()).toHaveFocus();
    expect(searchField()).toHaveValue('');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens from the search icon on a phone, says when nobody matches, and Enter then opens nothing', async () => {
    onAScreenOf(360);
    const user = userEvent.setup();
    const { router } = await openDashboard();

    const searchIcon = screen.getByRole('button', { name: 'Find a patient' });
    expect(searchIcon).toHaveTextContent('');
    await user.click(searchIcon);
    await user.type(await screen.findByRole('combobox'), 'zzz');
    expect(await screen.findByText('No patient matches “zzz”.')).toBeVisible();
    expect(searchField()).toHaveAttribute('aria-expanded', 'false');
    expect(searchField()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dashboard/qrcode');
    expect(screen.getByRole('dialog')).toBeVisible();
    // Two digits are only a patient number: the desk hears that a mobile needs three.
    await user.clear(searchField());
    await user.type(searchField(), '98');
    expect(
      await screen.findByText('No patient number “98”. Type 3 or more digits to search mobiles.'),
    ).toBeVisible();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    await openDashboard('/dashboard/qrcode', {
      [patientRoutes.list]: answer(
        { message: 'Search must be at most 100 characters', code: 'VALIDATION_FAILED' },
        400,
      ),
    });

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'rohit');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search must be at most 100 characters');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
