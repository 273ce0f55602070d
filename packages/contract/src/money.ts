import { z } from 'zod';

/**
 * The one rule for every amount of money a request carries (issue 18): rupees as a
 * JSON number with at most two decimals, so that it is a whole number of paise, within
 * what the arithmetic and the columns hold. Bills, payments, wallet recharges and the
 * masters' prices all take their money fields from `rupees`.
 */

/** The largest amount one money field carries: ₹1 crore (10^9 paise, far inside numeric(12,2) and bigint paise). */
export const maxRupees = 10_000_000;

/** Indian grouping, as the sentences write an amount: 10000000 → "1,00,00,000". */
const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** The sentences of the rule; each names its field, so a server answers it as it is. */
export const moneyMessages = {
  notAnAmount: (label: string) => `${label} must be an amount in rupees, like 500 or 499.50`,
  tooManyDecimals: (label: string) => `${label} must have at most two decimals`,
  notPositive: (label: string) => `${label} must be more than 0`,
  negative: (label: string) => `${label} cannot be negative`,
  belowMinimum: (label: string, min: number) => `${label} must be at least ₹${grouped.format(min)}`,
  aboveMaximum: (label: string, max: number) => `${label} must be at most ₹${grouped.format(max)}`,
} as const;

/**
 * How many decimals a number has, read from its shortest decimal text, which is exact:
 * 19.99 has 2 (however far 19.99 × 100 lies from 1999 in binary), 1e-9 has 9, 1.5e-7
 * has 8, and 1e21 has none.
 */
function decimalPlaces(value: number): number {
  const [digits = '', exponent = '0'] = String(value).split('e');
  const fraction = digits.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/** A finite number with at most two decimals: whole paise, or a percentage in basis points. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && decimalPlaces(value) <= 2;
}

export interface RupeesOptions {
  /** How sentences name the field: "Unit price must have at most two decimals". */
  label: string;
  /** Refuses 0 as well: a payment is at least one paisa, where a discount may be nothing. */
  positive?: boolean;
  /** The smallest amount accepted, in rupees (a recharge is ₹100 at least); 0 unless given. */
  min?: number;
  /** The largest amount accepted, in rupees; `maxRupees` unless given. */
  max?: number;
  /** One sentence for every refusal, where the field's form states the whole rule at once. */
  message?: string;
}

/**
 * Rupees, as a request carries them: a finite number with at most two decimals, not
 * negative (more than 0 with `positive`), from `min` to `max`. The decimals are checked
 * first, so 1e-9 is told it has too many decimals rather than that it is too small.
 */
export function rupees({ label, positive = false, min = 0, max = maxRupees, message }: RupeesOptions) {
  const schema = z
    .number({ error: message ?? moneyMessages.notAnAmount(label) })
    .refine(hasAtMostTwoDecimals, message ?? moneyMessages.tooManyDecimals(label));
  const lowest =
    min > 0
      ? schema.min(min, message ?? moneyMessages.belowMinimum(label, min))
      : positive
        ? schema.gt(0, message ?? moneyMessages.notPositive(label))
        : schema.min(0, message ?? moneyMessages.negative(label));
  // The document says what `refine` checks, which JSON Schema cannot (multipleOf: 0.01 fails 19.99 in floats).
  return lowest
    .max(max, message ?? moneyMessages.aboveMaximum(label, max))
    .meta({ description: `${label} in rupees, at most two decimals` });
}
