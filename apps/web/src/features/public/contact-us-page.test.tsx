import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leadThanks } from '@vaidya/contract/leads';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

describe('the contact page', () => {
  it('has the same form, without a popup', async () => {
    fakeServer({
      'POST /api/public/leads': answer(
        { data: { id: '5b6c7d8e-9f01-4234-8567-89abcdef0123' }, message: leadThanks },
        201,
      ),
    });
    renderApp('/contact-us');

    await userEvent.type(await screen.findByLabelText('Phone number'), '9822012345');
    await userEvent.type(screen.getByLabelText('Name'), 'Dr Meera Joshi');
    await userEvent.type(screen.getByLabelText('Speciality'), 'Physiotherapist');
    await userEvent.type(screen.getByLabelText('Location'), 'Baner, Pune');
    await userEvent.click(screen.getByRole('button', { name: 'Request a call back' }));

    expect(await screen.findByText('Thank you! We will call you shortly.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
