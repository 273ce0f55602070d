import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PaymentGateway } from './payment-gateway';
import { createRazorpayGateway } from './razorpay-gateway';
import { createTestPaymentGateway } from './test-payment-gateway';

/**
 * The gateway wallet recharges are paid through: Razorpay when its keys are set; else the
 * labelled test gateway only when the deployment chose it (PAYMENT_GATEWAY=test, or
 * NODE_ENV=development); else none (null), and a recharge is refused: a server never
 * credits money it did not receive because a setting was left out.
 */
export async function createConfiguredPaymentGateway(
  config: Pick<Config, 'razorpay' | 'testPaymentGateway'>,
  db: Db,
): Promise<PaymentGateway | null> {
  if (config.razorpay) return createRazorpayGateway(config.razorpay);
  if (config.testPaymentGateway) return createTestPaymentGateway({ db });
  return null;
}
