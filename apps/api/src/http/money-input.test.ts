import { moneyMessages } from '@vaidya/contract/money';
import { paymentMessages } from '@vaidya/contract/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../test/partners';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billPayments, bills, paymentOrders } from '../db/schema';

/**
 * Issue 18 item 11: every money field of every endpoint takes rupees with at most two
 * decimals, finite, within its range, and refuses anything else with a 400 that names
 * the field, before anything is stored.
 */

let t: TestApp;
let clinic: SignedInPartner;
beforeAll(async () => {
  t = await createTestApp();
  clinic = await createSignedInPartner(t);
});
afterAll(async () => {
  await t.close();
});

/** A JSON body as text, for numbers JSON.stringify cannot write: -0.0, and 1e400, which JSON.parse reads as Infinity. */
const send = (method: 'POST' | 'PUT', url: string, json: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...clinic.headers, 'content-type': 'application/json' },
    payload: json,
  });

const refusal = (message: string) => ({ message, code: 'VALIDATION_FAILED' });

const billJson = (changes: { unitPrice?: string; discount?: string; amountPaid?: string } = {}) =>
  `{"locationId": "${clinic.locationId}", "customerName": "Asha Verma", "customerMobile": "9822011001",
    "items": [{"name": "Consultation", "quantity": 1, "unitPrice": ${changes.unitPrice ?? '500'}}],
    "discount": ${changes.discount ?? '0'}, "amountPaid": ${changes.amountPaid ?? '0'}}`;

async function addBill(): Promise<string> {
  const response = await send('POST', '/api/bill/add-bill', billJson());
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

const paymentsOf = (billId: string) =>
  t.database.db
    .select({ amount_paise: billPayments.amount_paise })
    .from(billPayments)
    .where(eq(billPayments.bill_id, billId));

describe('a payment against a bill: POST /api/bill/add-payment', () => {
  let billId: string;
  beforeAll(async () => {
    billId = await addBill();
  });

  it.each([
    ['1e-9', moneyMessages.tooManyDecimals('Amount')],
    ['0.001', moneyMessages.tooManyDecimals('Amount')],
    ['19.999', moneyMessages.tooManyDecimals('Amount')],
    ['1e21', moneyMessages.aboveMaximum('Amount', 10_000_000)],
    ['0', moneyMessages.notPositive('Amount')],
    ['-0.0', moneyMessages.notPositive('Amount')],
    ['-5', moneyMessages.notPositive('Amount')],
    ['1e400', moneyMessages.notAnAmount('Amount')],
    ['"12"', moneyMessages.notAnAmount('Amount')],
  ])('refuses %s with 400 naming the field, and stores nothing', async (amount, message) => {
    const response = await send(
      'POST',
      '/api/bill/add-payment',
      `{"billId": "${billId}", "amount": ${amount}}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(message));
    expect(await paymentsOf(billId)).toEqual([]);
    const [bill] = await t.database.db
      .select({ paid_paise: bills.paid_paise })
      .from(bills)
      .where(eq(bills.id, billId));
    expect(bill?.paid_paise).toBe(0);
  });

  it('takes 19.99 and stores exactly 1999 paise', async () => {
    const response = await send('POST', '/api/bill/add-payment', `{"billId": "${billId}", "amount": 19.99}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ amount_paid: 19.99, balance: 480.01 });
    expect(await paymentsOf(billId)).toEqual([{ amount_paise: 1999 }]);
  });

  it('takes an amount whose hundredfold is not whole in binary: 4.35 is 435 paise', async () => {
    const response = await send('POST', '/api/bill/add-payment', `{"billId": "${billId}", "amount": 4.35}`);
    expect(response.statusCode).toBe(200);
    const paise = (await paymentsOf(billId)).map((row) => row.amount_paise);
    expect(paise.sort((x, y) => x - y)).toEqual([435, 1999]);
  });
});

describe('a bill’s lines, discount and amount paid: add-bill and edit-bill', () => {
  it.each([
    [{ unitPrice: '12.345' }, moneyMessages.tooManyDecimals('Unit price')],
    [{ unitPrice: '1e-9' }, moneyMessages.tooManyDecimals('Unit price')],
    [{ unitPrice: '1e21' }, moneyMessages.aboveMaximum('Unit price', 10_000_000)],
    [{ unitPrice: '-1' }, moneyMessages.negative('Unit price')],
    [{ discount: '0.001' }, moneyMessages.tooManyDecimals('Discount')],
    [{ amountPaid: '1e-9' }, moneyMessages.tooManyDecimals('Amount paid')],
    [{ amountPaid: '-1e400' }, moneyMessages.notAnAmount('Amount paid')],
  ])('add-bill refuses %o with 400 naming the field', async (changes, message) => {
    const before = await t.database.db
      .select({ id: bills.id })
      .from(bills)
      .where(eq(bills.partner_id, clinic.partnerId));
    const response = await send('POST', '/api/bill/add-bill', billJson(changes));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(message));
    const after = await t.database.db
      .select({ id: bills.id })
      .from(bills)
      .where(eq(bills.partner_id, clinic.partnerId));
    expect(after).toHaveLength(before.length);
  });

  it('edit-bill refuses a line price with more than two decimals, and keeps the bill', async () => {
    const billId = await addBill();
    const response = await send(
      'PUT',
      '/api/bill/edit-bill',
      billJson({ unitPrice: '499.995' }).replace('{', `{"id": "${billId}", `),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(moneyMessages.tooManyDecimals('Unit price')));
    const [bill] = await t.database.db
      .select({ final_paise: bills.final_paise })
      .from(bills)
      .where(eq(bills.id, billId));
    expect(bill?.final_paise).toBe(50_000);
  });
});

describe('a wallet recharge: POST /api/payment/create-rpy-order', () => {
  it.each(['500.005', '1e-9', '1e21', '1e400'])(
    'refuses %s with the recharge rule, and creates no order',
    async (amount) => {
      const response = await send('POST', '/api/payment/create-rpy-order', `{"amount": ${amount}}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal(paymentMessages.invalidAmount));
      const orders = await t.database.db
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(eq(paymentOrders.partner_id, clinic.partnerId));
      expect(orders).toEqual([]);
    },
  );
});

describe('a master’s price: medicines and treatments', () => {
  it.each([
    ['add-product', { productName: 'Dolo 650', price: 12.345 }, moneyMessages.tooManyDecimals('Price')],
    ['add-product', { productName: 'Dolo 650', price: '0.001' }, moneyMessages.tooManyDecimals('Price')],
    ['add-product', { productName: 'Dolo 650', price: -1 }, moneyMessages.negative('Price')],
    ['add-treatment', { treatmentName: 'Crown', price: 1e-9 }, moneyMessages.tooManyDecimals('Price')],
    [
      'add-treatment',
      { treatmentName: 'Crown', price: '1e21' },
      moneyMessages.aboveMaximum('Price', 10_000_000),
    ],
    ['add-treatment', { treatmentName: 'Crown', price: 'Infinity' }, moneyMessages.notAnAmount('Price')],
  ])('%s refuses %o with 400 naming the field', async (path, payload, message) => {
    const response = await send('POST', `/api/masters/${path}`, JSON.stringify(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(message));
  });

  it('update-treatment refuses a price with more than two decimals and keeps the old one; 19.99 is kept exactly', async () => {
    const added = await send(
      'POST',
      '/api/masters/add-treatment',
      '{"treatmentName": "Scaling", "price": 19.99}',
    );
    expect(added.statusCode).toBe(201);
    const { id } = added.json().data;
    expect(added.json().data.price).toBe(19.99);
    const refused = await send(
      'PUT',
      '/api/masters/update-treatment',
      JSON.stringify({ id, treatmentName: 'Scaling', price: 1500.005 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal(moneyMessages.tooManyDecimals('Price')));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/masters/get-treatments',
      headers: clinic.headers,
    });
    expect(list.json().data.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, price: 19.99 })]),
    );
  });
});
