import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  fakeServer,
  storeSignedInSession,
  sushrutDental,
  sushrutDentalAs,
} from '../testing/fake-server';
import { renderApp } from '../testing/render-app';

// The router loads the payment page lazily; the first test would otherwise spend its wait compiling it.
beforeAll(async () => {
  await import('../features/payment/payment-page');
});

function walletPartner(walletBalance: number, user = sushrutDental.user) {
  storeSignedInSession();
  fakeServer({
    'GET /api/get-partner-details': answer({
      data: {
        ...sushrutDental,
        user,
        subscription_type: 'wallet',
        wallet_balance: walletBalance,
        charge_per_booking: 10,
      },
    }),
  });
}

describe('a wallet clinic without enough balance for one booking', () => {
  it.each(['bookings', 'schedule', 'settings'])('is warned and sent from %s to payment', async (page) => {
    walletPartner(9.5);
    const router = renderApp(`/dashboard/${page}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/payment');
    expect(await screen.findByText('Insufficient balance. Please recharge.')).toBeVisible();
    expect(screen.getAllByText('Insufficient balance. Please recharge.')).toHaveLength(1);
  });

  it('still opens its bills', async () => {
    walletPartner(0);
    const router = renderApp('/dashboard/bills');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bills' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/bills');
    expect(screen.queryByText('Insufficient balance. Please recharge.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Bookings' }));

    expect(await screen.findByText('Insufficient balance. Please recharge.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/payment');
  });
});

describe('a wallet clinic with enough balance', () => {
  it('opens bookings', async () => {
    walletPartner(10);
    const router = renderApp('/dashboard/bookings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(screen.queryByText('Insufficient balance. Please recharge.')).not.toBeInTheDocument();
  });
});

describe('a wallet clinic without enough balance, to someone who is not an owner (issue 23)', () => {
  it.each(['doctor', 'front_desk'] as const)(
    'tells the %s to ask the owner, and stays on the page',
    async (role) => {
      walletPartner(0, sushrutDentalAs(role).user);
      const router = renderApp('/dashboard/bookings');

      expect(await screen.findByText('Ask the clinic owner to recharge')).toBeVisible();
      expect(screen.getByText('Insufficient balance. Please recharge.')).toBeVisible();
      expect(router.state.location.pathname).toBe('/dashboard/bookings');
      expect(screen.queryByRole('heading', { level: 1, name: 'Payment' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
    },
  );
});
