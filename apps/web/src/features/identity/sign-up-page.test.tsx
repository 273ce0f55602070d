import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { passwordStrengthAdvice } from '@vaidya/contract/password-strength';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { answer, fakeServer, identityError, tokensAnswer } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

const codeSent = answer({
  CodeDeliveryDetails: { Destination: 'o***@s***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
  UserConfirmed: false,
  UserSub: '0b1c2d3e-4f50-4617-8899-aabbccddeeff',
});

async function fillInClinic(overrides: { mobile?: string; password?: string } = {}) {
  await userEvent.type(await screen.findByLabelText('Clinic name'), 'Sushrut Dental Clinic');
  await userEvent.type(screen.getByLabelText('Your name'), 'Dr Sushrut Kulkarni');
  await userEvent.type(screen.getByLabelText('Email'), 'owner@sushrut-dental.in');
  await userEvent.type(screen.getByLabelText('Mobile number'), overrides.mobile ?? '98220 12345');
  await userEvent.selectOptions(screen.getByLabelText('Speciality'), 'Dentist');
  await userEvent.type(screen.getByLabelText('Password'), overrides.password ?? 'Sushrut-Kothrud-2026');
}

describe('a new clinic', () => {
  it('signs up, confirms its email and lands in its dashboard', async () => {
    const server = fakeServer({ SignUp: codeSent, ConfirmSignUp: answer({}), InitiateAuth: tokensAnswer() });
    const router = renderApp('/sign-up-secure');

    await fillInClinic();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
    expect(screen.getByText(/We sent a 6-digit code to owner@sushrut-dental.in/)).toBeVisible();
    expect(server.requests('SignUp')[0]?.body).toEqual({
      ClientId: 'vaidya-web',
      Username: 'owner@sushrut-dental.in',
      Password: 'Sushrut-Kothrud-2026',
      UserAttributes: [
        { Name: 'name', Value: 'Dr Sushrut Kulkarni' },
        { Name: 'phone_number', Value: '+919822012345' },
        { Name: 'custom:clinic_name', Value: 'Sushrut Dental Clinic' },
        { Name: 'custom:speciality', Value: 'DENTIST' },
        { Name: 'custom:starter_lists', Value: '1' },
      ],
    });

    await userEvent.type(screen.getByLabelText('Confirmation code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeVisible();

    await userEvent.type(screen.getByLabelText('Confirmation code'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(server.requests('InitiateAuth')[0]?.body).toMatchObject({
      AuthParameters: { USERNAME: 'owner@sushrut-dental.in', PASSWORD: 'Sushrut-Kothrud-2026' },
    });
    expect(localStorage.getItem(sessionKeys.username)).toBe('owner@sushrut-dental.in');
  });

  it('starts with the common lists of its speciality unless it unticks the box', async () => {
    const server = fakeServer({ SignUp: codeSent });
    renderApp('/sign-up-secure');
    await fillInClinic();
    const starterLists = screen.getByRole('checkbox', {
      name: 'Start with the common lists for my speciality',
    });
    expect(starterLists).toBeChecked();
    expect(starterLists).toHaveAccessibleDescription(
      'Complaints, findings, medicines, templates and treatments, ready to edit',
    );

    await userEvent.click(starterLists);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
    expect(server.requests('SignUp')[0]?.body).toMatchObject({
      UserAttributes: expect.arrayContaining([{ Name: 'custom:starter_lists', Value: '0' }]),
    });
  });

  it('opened from a referral link, names the referring clinic and signs up as referred by it', async () => {
    const server = fakeServer({
      SignUp: codeSent,
      'GET /api/public/referral/abcd2345': answer({ data: { clinic_name: 'Smile Dental, Aundh' } }),
    });
    renderApp('/sign-up-secure?ref=abcd2345');
    expect(await screen.findByText('Referred by Smile Dental, Aundh')).toBeVisible();
    await fillInClinic();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
    expect(server.requests('SignUp')[0]?.body).toMatchObject({
      UserAttributes: expect.arrayContaining([{ Name: 'custom:referral_code', Value: 'abcd2345' }]),
    });
  });

  it('can ask for a new code, and hears when a code is wrong', async () => {
    fakeServer({
      SignUp: codeSent,
      ResendConfirmationCode: answer({
        CodeDeliveryDetails: { Destination: 'o***@s***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      }),
      ConfirmSignUp: identityError(
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      ),
    });
    renderApp('/sign-up-secure');
    await fillInClinic();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to o***@s***.in.')).toBeVisible();

    await userEvent.type(screen.getByLabelText('Confirmation code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Please check it and try again.',
    );
  });

  it('is told what to fix in its details', async () => {
    const server = fakeServer({ SignUp: codeSent });
    renderApp('/sign-up-secure');

    await fillInClinic({ mobile: '12345', password: 'too-short' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please enter a valid 10-digit mobile number')).toBeVisible();
    expect(screen.getByText('Use at least 12 characters')).toBeVisible();
    expect(server.requests('SignUp')).toHaveLength(0);
  });

  it('sees how easy its password is to guess while typing it, judged as the server judges it', async () => {
    fakeServer();
    renderApp('/sign-up-secure');
    await fillInClinic({ password: 'sushrut' });
    const password = screen.getByLabelText('Password');

    expect(await screen.findByRole('status', { name: 'Password strength' })).toHaveTextContent(
      'Too short · 5 more characters: at least 12 in all.',
    );

    // Long enough, and unguessable to a stranger, but it is the clinic's own name.
    await userEvent.type(password, 'dental');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Password strength' })).toHaveTextContent(
        `Weak · ${passwordStrengthAdvice.weak}`,
      ),
    );

    await userEvent.clear(password);
    expect(screen.queryByRole('status', { name: 'Password strength' })).not.toBeInTheDocument();
    await userEvent.type(password, 'bluemango2026');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Password strength' })).toHaveTextContent(
        `Good · ${passwordStrengthAdvice.good}`,
      ),
    );

    await userEvent.clear(password);
    await userEvent.type(password, 'Tram ledger marigold');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Password strength' })).toHaveTextContent(
        `Strong · ${passwordStrengthAdvice.strong}`,
      ),
    );
  });

  it('is sent to sign in when the email already has an account', async () => {
    fakeServer({ SignUp: identityError('UsernameExistsException', 'User already exists') });
    renderApp('/sign-up-secure');

    await fillInClinic();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists. Please sign in.');
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/signin');
  });

  it('offers each speciality by its name', async () => {
    fakeServer();
    renderApp('/sign-up-secure');

    const speciality = await screen.findByLabelText('Speciality');
    expect(Array.from((speciality as HTMLSelectElement).options, (option) => option.text)).toEqual([
      'Choose your speciality',
      'Doctor (general practice)',
      'Dentist',
      'Physiotherapist',
      'Dermatologist',
      'Paediatrician',
      'Gynaecologist',
      'Other',
    ]);
  });
});
