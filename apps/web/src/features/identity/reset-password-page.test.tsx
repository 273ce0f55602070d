import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, identityError } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

const codeSent = answer({
  CodeDeliveryDetails: { Destination: 'o***@s***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
});

async function chooseNewPassword(code: string, password: string) {
  await userEvent.type(screen.getByLabelText('Code'), code);
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('a forgotten password', () => {
  it('is replaced with an emailed code, and the user signs in with the new one', async () => {
    const server = fakeServer({ ForgotPassword: codeSent, ConfirmForgotPassword: answer({}) });
    const router = renderApp('/reset-password');

    await userEvent.type(await screen.findByLabelText('Email'), 'owner@sushrut-dental.in');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-password');
    expect(router.state.location.search).toBe('?email=owner%40sushrut-dental.in');
    expect(screen.getByText(/We sent a code to o\*\*\*@s\*\*\*.in/)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@sushrut-dental.in');
    expect(server.requests('ForgotPassword')[0]?.body).toEqual({
      ClientId: 'vaidya-web',
      Username: 'owner@sushrut-dental.in',
    });

    await chooseNewPassword('551204', 'Sushrut-Kothrud-2027');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@sushrut-dental.in');
    expect(server.requests('ConfirmForgotPassword')[0]?.body).toEqual({
      ClientId: 'vaidya-web',
      Username: 'owner@sushrut-dental.in',
      ConfirmationCode: '551204',
      Password: 'Sushrut-Kothrud-2027',
    });
  });

  it('explains an expired code', async () => {
    fakeServer({
      ConfirmForgotPassword: identityError(
        'ExpiredCodeException',
        'Invalid code provided, please request a code again.',
      ),
    });
    const router = renderApp('/new-password?email=owner%40sushrut-dental.in');

    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await chooseNewPassword('551204', 'Sushrut-Kothrud-2027');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code has expired. Please ask for a new one.',
    );
    expect(router.state.location.pathname).toBe('/new-password');
  });

  it('asks to wait when codes were asked for too often', async () => {
    fakeServer({
      ForgotPassword: identityError(
        'LimitExceededException',
        'Attempt limit exceeded, please try after some time.',
      ),
    });
    renderApp('/reset-password');

    await userEvent.type(await screen.findByLabelText('Email'), 'owner@sushrut-dental.in');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});
