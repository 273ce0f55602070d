import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@vaidya/contract/messages';
import { paymentPageTexts } from '@vaidya/contract/payment-screens';
import { paymentMessages } from '@vaidya/contract/payments';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blockedWalletClinic, fakePayment } from '../../testing/fake-payment';
import { answer, fakeServer, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 60_000;

beforeAll(async () => {
  await Promise.all([import('../../app/dashboard-layout'), import('./payment-page')]);
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.Razorpay;
});

/** The figure under a summary label ("Wallet balance" → "₹5.00"). */
async function figure(label: string) {
  const term = await screen.findByText(label, { selector: 'dt' }, firstAppearance);
  return term.nextElementSibling?.textContent;
}

describe('the payment page', { timeout: journeyTimeout }, () => {
  it('recharges through the test gateway: the balance rises and the wallet guard lifts', async () => {
    storeSignedInSession();
    const server = fakeServer(fakePayment());
    // The guard sends a blocked wallet clinic from bookings to the payment page.
    const router = renderApp('/dashboard/bookings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payment'), firstAppearance);
    expect(await screen.findByText(messages.insufficientBalance)).toBeVisible();
    expect(await figure('Wallet balance')).toBe('₹5.00');
    expect(await figure('Charge per booking')).toBe('₹10.00');
    expect(await figure('Bookings left')).toBe('0');

    await userEvent.click(screen.getByRole('button', { name: '₹2,000.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Recharge ₹2,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment — no real money' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Payment successful')).toBeVisible();
    expect((await screen.findAllByText(paymentMessages.recharged)).length).toBeGreaterThan(0);
    await waitFor(async () => expect(await figure('Wallet balance')).toBe('₹2,005.00'));
    expect(await figure('Bookings left')).toBe('200');
    const history = screen.getByRole('table', { name: 'Credits and debits' });
    expect(within(history).getByText('+₹2,000.00')).toBeVisible();
    // On a phone the table scrolls sideways in a box of its own, which the keyboard can reach.
    const scroller = screen.getByRole('region', { name: 'Credits and debits' });
    expect(scroller).toContainElement(history);
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(within(history).getByText('-₹10.00')).toBeVisible();
    expect(server.requests('POST /api/payment/create-rpy-order')[0]?.body).toEqual({ amount: 2000 });
    expect(server.requests('PUT /api/payment/update-payment-status')[0]?.body).toEqual({
      razorpay_order_id: 'order_test_1',
      razorpay_payment_id: 'pay_order_test_1',
      razorpay_signature: 'sig-order_test_1',
    });

    // The partner details were asked again: bookings are open now.
    await waitFor(() => expect(server.requests('GET /api/get-partner-details').length).toBeGreaterThan(1));
    await router.navigate('/dashboard/bookings');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
  });

  it('shows the failure and adds nothing when the test payment fails', async () => {
    storeSignedInSession();
    const server = fakeServer(fakePayment());
    renderApp('/dashboard/payment');
    const custom = await screen.findByLabelText('Other amount (₹)', {}, firstAppearance);
    await userEvent.clear(custom);
    await userEvent.type(custom, '750.50');
    await userEvent.click(screen.getByRole('button', { name: 'Recharge ₹750.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment — no real money' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fail' }));

    expect(await screen.findByText('Payment failed')).toBeVisible();
    expect(screen.getByText(paymentMessages.failed)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await figure('Wallet balance')).toBe('₹5.00');
    expect(server.requests('PUT /api/payment/update-payment-status')).toHaveLength(0);
  });

  it('refuses an amount out of range before asking the server', async () => {
    storeSignedInSession();
    const server = fakeServer(fakePayment());
    renderApp('/dashboard/payment');
    const custom = await screen.findByLabelText('Other amount (₹)', {}, firstAppearance);
    await userEvent.clear(custom);
    await userEvent.type(custom, '99');
    expect(screen.getByText(paymentMessages.invalidAmount)).toBeVisible();
    expect(custom).toHaveAccessibleDescription(paymentMessages.invalidAmount);
    expect(screen.getByRole('button', { name: /^Recharge/ })).toBeDisabled();
    await userEvent.type(custom, '{Enter}');
    expect(server.requests('POST /api/payment/create-rpy-order')).toHaveLength(0);
  });

  it('opens Razorpay Checkout, loaded on demand, and confirms what it returns', async () => {
    storeSignedInSession();
    const server = fakeServer(fakePayment({ gateway: 'razorpay' }));
    const opened: Record<string, unknown>[] = [];
    // jsdom runs no remote scripts: the "loaded" script defines Checkout, which pays at once.
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      const script = nodes[0] as HTMLScriptElement;
      expect(script.src).toBe('https://checkout.razorpay.com/v1/checkout.js');
      window.Razorpay = class {
        constructor(private readonly options: ConstructorParameters<NonNullable<typeof window.Razorpay>>[0]) {
          opened.push({ ...options });
        }
        on() {}
        open() {
          this.options.handler({
            razorpay_order_id: this.options.order_id,
            razorpay_payment_id: `pay_${this.options.order_id}`,
            razorpay_signature: `sig-${this.options.order_id}`,
          });
        }
      };
      script.onload?.(new Event('load'));
    });
    renderApp('/dashboard/payment');
    await userEvent.click(await screen.findByRole('button', { name: '₹500.00' }, firstAppearance));
    await userEvent.click(screen.getByRole('button', { name: 'Recharge ₹500.00' }));

    expect(await screen.findByText('Payment successful')).toBeVisible();
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_key',
      amount: 50_000,
      currency: 'INR',
      order_id: 'order_razorpay_1',
      name: sushrutDental.name,
    });
    expect(server.requests('PUT /api/payment/update-payment-status')).toHaveLength(1);
    await waitFor(async () => expect(await figure('Wallet balance')).toBe('₹505.00'));
  });

  it('says online recharge is not set up when the server has no gateway, and offers none', async () => {
    storeSignedInSession();
    const server = fakeServer(fakePayment({ gateway: null }));
    renderApp('/dashboard/payment');
    expect(await screen.findByText(paymentMessages.rechargeNotSetUp, {}, firstAppearance)).toBeVisible();
    expect(await figure('Wallet balance')).toBe('₹5.00');
    expect(screen.queryByRole('button', { name: /^Recharge/ })).toBeNull();
    expect(screen.queryByLabelText('Other amount (₹)')).toBeNull();
    expect(server.requests('POST /api/payment/create-rpy-order')).toHaveLength(0);
  });

  it('shows the server’s refusal when a recharge is refused', async () => {
    storeSignedInSession();
    fakeServer({
      ...fakePayment(),
      'POST /api/payment/create-rpy-order': answer(
        { message: paymentMessages.rechargeNotSetUp, code: 'UNAVAILABLE' },
        503,
      ),
    });
    renderApp('/dashboard/payment');
    await userEvent.click(await screen.findByRole('button', { name: '₹500.00' }, firstAppearance));
    await userEvent.click(screen.getByRole('button', { name: 'Recharge ₹500.00' }));
    expect(await screen.findByText('Payment failed')).toBeVisible();
    expect(screen.getByText(paymentMessages.rechargeNotSetUp)).toBeVisible();
    expect(await figure('Wallet balance')).toBe('₹5.00');
  });

  it('shows an empty history, and an error with a retry when the wallet cannot be loaded', async () => {
    storeSignedInSession();
    fakeServer({
      ...fakePayment({ movements: [] }),
      'GET /api/payment/get-partner-credits-details': answer(
        { message: 'Something went wrong', code: 'NOT_FOUND' },
        404,
      ),
    });
    renderApp('/dashboard/payment');
    expect(await screen.findByText('Something went wrong', {}, firstAppearance)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();

    fakeServer(fakePayment({ movements: [] }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No wallet movements yet.')).toBeVisible();
  });

  it('tells a clinic on a plan without charges nothing about charges, and a wallet clinic when it is charged', async () => {
    storeSignedInSession();
    fakeServer(fakePayment({ partner: sushrutDental, movements: [] }));
    renderApp('/dashboard/payment');
    expect(await figure('Wallet balance')).toBe('₹500.00');
    expect(screen.getByText(paymentPageTexts.standardPlan)).toBeVisible();
    expect(screen.queryByText(/charged|Charge per booking|Bookings left/)).toBeNull();
    cleanup();

    fakeServer(fakePayment({ partner: { ...blockedWalletClinic, wallet_balance: 50 } }));
    renderApp('/dashboard/payment');
    expect(await figure('Charge per booking')).toBe('₹10.00');
    expect(await figure('Bookings left')).toBe('5');
    expect(screen.getByText(paymentPageTexts.walletPlan)).toBeVisible();
    expect(screen.queryByText(paymentPageTexts.standardPlan)).toBeNull();
  });

  it('shows what the clinic owes until a recharge pays it first', async () => {
    storeSignedInSession();
    fakeServer(fakePayment({ partner: { ...blockedWalletClinic, wallet_balance: 0, wallet_owed: 15 } }));
    renderApp('/dashboard/payment');
    const owed = paymentPageTexts.owedNote('₹15.00');
    expect(await screen.findByText(owed, {}, firstAppearance)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: '₹500.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Recharge ₹500.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment — no real money' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));

    await waitFor(async () => expect(await figure('Wallet balance')).toBe('₹485.00'));
    await waitFor(() => expect(screen.queryByText(owed)).toBeNull());
    const history = screen.getByRole('table', { name: 'Credits and debits' });
    expect(within(history).getByText('Amount owed paid')).toBeVisible();
    expect(within(history).getByText('-₹15.00')).toBeVisible();
  });
});
