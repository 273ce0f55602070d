import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, fakeServer, storeSignedInSession, sushrutDental } from '../testing/fake-server';
import { renderApp } from '../testing/render-app';

// The router loads the payment page lazily; the first test would otherwise spend its wait compiling it.
beforeAll(async () => {
  await import('../features/payment/payment-page');
});

function walletPartner(walletBalance: number) {
  storeSignedInSession();
  fakeServer({
    'GET /api/get-partner-details': answer({
      data: {
        ...sushrutDental,
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
