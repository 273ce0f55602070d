import type { CheckoutResult, PaymentOrder } from '@vaidya/contract/payments';

const checkoutScript = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  handler: (response: CheckoutResult) => void;
  modal: { ondismiss: () => void };
}

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', listener: () => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
  }
}

let loading: Promise<void> | undefined;

/** Razorpay's script, asked for the first time a clinic pays through it, never before. */
function loadCheckout(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = checkoutScript;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('Razorpay Checkout could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

export type CheckoutOutcome =
  | { kind: 'paid'; result: CheckoutResult }
  | { kind: 'failed' }
  | { kind: 'closed' };

/** Opens Razorpay Checkout for the order; resolves with what the payer did. */
export async function openRazorpayCheckout(
  order: PaymentOrder,
  description: string,
): Promise<CheckoutOutcome> {
  await loadCheckout();
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('Razorpay Checkout could not be loaded');
  return new Promise((resolve) => {
    let failed = false;
    const checkout = new Razorpay({
      key: order.key_id,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
      description,
      order_id: order.order_id,
      handler: (result) => resolve({ kind: 'paid', result }),
      modal: { ondismiss: () => resolve({ kind: failed ? 'failed' : 'closed' }) },
    });
    // Checkout lets the payer try again after a failure: it counts only if they then close it.
    checkout.on('payment.failed', () => {
      failed = true;
    });
    checkout.open();
  });
}
