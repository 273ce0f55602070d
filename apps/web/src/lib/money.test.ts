import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it.each([
    [75, '₹75.00'],
    [999, '₹999.00'],
    [1000, '₹1,000.00'],
    [120000, '₹1,20,000.00'],
    [9999999, '₹99,99,999.00'],
    [12345678, '₹1,23,45,678.00'],
    [9_999_999_999.99, '₹9,99,99,99,999.99'],
  ])('groups %d in lakhs and crores as %s', (amount, shown) => {
    expect(formatRupees(amount)).toBe(shown);
  });

  it.each([
    [0.5, '₹0.50'],
    [0.05, '₹0.05'],
    [1.1, '₹1.10'],
    [149.99, '₹149.99'],
    // 0.1 + 0.2 is 0.30000000000000004 in binary; an amount is never summed as a float.
    [0.3, '₹0.30'],
  ])('shows the paise of %d as %s', (amount, shown) => {
    expect(formatRupees(amount)).toBe(shown);
  });

  it('shows zero with its paise', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(-0)).toBe('₹0.00');
    expect(formatRupees('0.00')).toBe('₹0.00');
  });

  it('puts the minus sign before the rupee sign', () => {
    expect(formatRupees(-120000.5)).toBe('-₹1,20,000.50');
    expect(formatRupees(-0.25)).toBe('-₹0.25');
    expect(formatRupees('-75')).toBe('-₹75.00');
  });

  it('reads numeric strings exactly, beyond what a float holds', () => {
    expect(formatRupees('120000')).toBe('₹1,20,000.00');
    expect(formatRupees('120000.5')).toBe('₹1,20,000.50');
    expect(formatRupees(' 75.25 ')).toBe('₹75.25');
    expect(formatRupees('12345678901234567.89')).toBe('₹12,34,56,78,90,12,34,567.89');
  });

  it('rounds a longer fraction half away from zero', () => {
    expect(formatRupees('1.005')).toBe('₹1.01');
    expect(formatRupees('1.004')).toBe('₹1.00');
    expect(formatRupees('-1.005')).toBe('-₹1.01');
    expect(formatRupees('0.999')).toBe('₹1.00');
  });

  it('shows a dash for an amount never given', () => {
    expect(formatRupees(null)).toBe('—');
  });

  it.each([['abc'], [''], ['1,000'], ['1e3'], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses %s, which is not an amount',
    (amount) => {
      expect(() => formatRupees(amount)).toThrow(RangeError);
    },
  );
});
