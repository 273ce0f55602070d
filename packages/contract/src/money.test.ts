import { describe, expect, it } from 'vitest';
import { toPaise } from './bill-arithmetic';
import { hasAtMostTwoDecimals, maxRupees, moneyMessages, rupees } from './money';

const refusalOf = (schema: ReturnType<typeof rupees>, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('at most two decimals, read from the number’s shortest decimal text', () => {
  it.each([0, 1, 19.99, 4.35, 0.07, 1.15, 0.1, 100.1, 9_999_999.99, -0, 1e21, 1.5e21])(
    'takes %d',
    (value) => {
      expect(hasAtMostTwoDecimals(value)).toBe(true);
    },
  );

  it.each([1e-9, 1.5e-7, 0.001, 19.999, 0.1 + 0.2, 1234.5678, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %d',
    (value) => {
      expect(hasAtMostTwoDecimals(value)).toBe(false);
    },
  );

  it('takes every whole number of paise up to the maximum, and its paise come back exactly', () => {
    const maxPaise = maxRupees * 100;
    const samples = [1, 7, 99, 101, 435, 1999, maxPaise - 1, maxPaise];
    // About 100,000 amounts spread over the whole range, by a prime step.
    for (let paise = 3; paise < maxPaise; paise += 9_973) samples.push(paise);
    // One assertion for the lot: 200,000 `expect` calls take seconds on a busy machine.
    const wrong = samples.filter(
      (paise) => !hasAtMostTwoDecimals(paise / 100) || toPaise(paise / 100) !== paise,
    );
    expect(wrong).toEqual([]);
  });
});

describe('rupees', () => {
  const amount = rupees({ label: 'Amount', positive: true });
  const discount = rupees({ label: 'Discount' });

  it('names the field and says what is wrong, decimals first', () => {
    expect(refusalOf(amount, 1e-9)).toBe('Amount must have at most two decimals');
    expect(refusalOf(amount, 0.001)).toBe('Amount must have at most two decimals');
    expect(refusalOf(amount, 0)).toBe('Amount must be more than 0');
    expect(refusalOf(amount, -0)).toBe('Amount must be more than 0');
    expect(refusalOf(amount, 1e21)).toBe('Amount must be at most ₹1,00,00,000');
    expect(refusalOf(amount, Number.POSITIVE_INFINITY)).toBe(moneyMessages.notAnAmount('Amount'));
    expect(refusalOf(amount, Number.NaN)).toBe(moneyMessages.notAnAmount('Amount'));
    expect(refusalOf(amount, '12')).toBe('Amount must be an amount in rupees, like 500 or 499.50');
    expect(refusalOf(discount, -1)).toBe('Discount cannot be negative');
  });

  it('takes 0 where the field allows nothing, and 19.99 and the maximum everywhere', () => {
    expect(discount.parse(0)).toBe(0);
    expect(amount.parse(19.99)).toBe(19.99);
    expect(amount.parse(maxRupees)).toBe(maxRupees);
  });

  it('keeps a minimum of its own, and one sentence for every refusal where the form states the whole rule', () => {
    const recharge = rupees({ label: 'Amount', min: 100, max: 100_000 });
    expect(refusalOf(recharge, 99.99)).toBe('Amount must be at least ₹100');
    expect(refusalOf(recharge, 100_000.01)).toBe('Amount must be at most ₹1,00,000');
    const ruled = rupees({ label: 'Amount', min: 100, message: 'Amount must be from ₹100' });
    for (const value of [99, 100.001, Number.NaN, 'x'])
      expect(refusalOf(ruled, value)).toBe('Amount must be from ₹100');
  });
});
