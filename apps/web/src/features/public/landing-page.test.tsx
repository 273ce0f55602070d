import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leadThanks } from '@vaidya/contract/leads';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

it('introduces Vaidya and leads the visitor to sign in', async () => {
  fakeServer();
  const router = renderApp('/');

  expect(await screen.findByRole('heading', { level: 1, name: 'Vaidya' })).toBeVisible();
  expect(screen.getByText(/appointments and queues, prescriptions, bills and WhatsApp/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/sign-up-secure');
  expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');

  await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/signin');
});

async function fillInLead(phoneNumber: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Request a call back' });
  await userEvent.type(within(dialog).getByLabelText('Phone number'), phoneNumber);
  await userEvent.type(within(dialog).getByLabelText('Name'), 'Dr Meera Joshi');
  await userEvent.type(within(dialog).getByLabelText('Speciality'), 'Dentist');
  await userEvent.type(within(dialog).getByLabelText('Location'), 'Kothrud, Pune');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Request a call back' }));
  return dialog;
}

describe('the contact popup', () => {
  it('sends a call-back request and thanks the visitor', async () => {
    const server = fakeServer({
      'POST /api/public/leads': answer(
        { data: { id: '5b6c7d8e-9f01-4234-8567-89abcdef0123' }, message: leadThanks },
        201,
      ),
    });
    renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Request a call back' }));
    const dialog = await fillInLead('+91 98220 12345');

    expect(await within(dialog).findByText('Thank you! We will call you shortly.')).toBeVisible();
    expect(server.requests('POST /api/public/leads')[0]?.body).toEqual({
      phoneNumber: '9822012345',
      name: 'Dr Meera Joshi',
      specialty: 'Dentist',
      location: 'Kothrud, Pune',
    });
    expect(server.requests('POST /api/public/leads')[0]?.headers.has('Authorization')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks a phone number that is not an Indian mobile without sending it', async () => {
    const server = fakeServer();
    renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Request a call back' }));
    const dialog = await fillInLead('12345 67890');

    expect(await within(dialog).findByText('Please enter a valid 10-digit mobile number')).toBeVisible();
    expect(within(dialog).getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests('POST /api/public/leads')).toHaveLength(0);
  });

  it("shows the server's objection beside the field it names", async () => {
    fakeServer({
      'POST /api/public/leads': answer(
        { message: 'location: Location is too long', code: 'VALIDATION_FAILED' },
        400,
      ),
    });
    renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Request a call back' }));
    const dialog = await fillInLead('9822012345');

    expect(await within(dialog).findByText('Location is too long')).toBeVisible();
    expect(within(dialog).getByLabelText('Location')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the visitor to come back later when the network has sent too many', async () => {
    fakeServer({
      'POST /api/public/leads': answer(
        { message: 'Too many requests from this network. Please try again later.', code: 'RATE_LIMITED' },
        429,
      ),
    });
    renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Request a call back' }));
    const dialog = await fillInLead('9822012345');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests from this network. Please try again later.',
    );
  });
});
