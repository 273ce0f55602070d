/** What a money cell shows when no amount was ever given, such as a medicine without a price. */
export const noAmount = '—';

/** Whole rupees with the symbol and Indian grouping: 120000 → "₹1,20,000". */
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

const decimalText = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * An amount in paise, computed from its decimal text so no binary fraction creeps in.
 * The API sends numbers with at most two decimals, whose `toFixed(2)` is exact; a
 * longer fraction (a hand-typed string) rounds half away from zero.
 */
function toPaise(amount: number | string): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const parts = decimalText.exec(text);
  if (!parts) throw new RangeError(`Not an amount of money: ${JSON.stringify(amount)}`);
  const [, sign = '', rupees = '0', fraction = ''] = parts;
  const paddedFraction = fraction.padEnd(3, '0');
  let paise = BigInt(rupees) * 100n + BigInt(paddedFraction.slice(0, 2));
  if (paddedFraction.charCodeAt(2) >= '5'.charCodeAt(0)) paise += 1n;
  return sign === '-' ? -paise : paise;
}

/**
 * Money as the clinic reads it: rupees with Indian grouping and always two decimals,
 * "₹1,20,000.00", "-₹75.50"; `null` (never given) shows a dash. The one formatter for
 * every amount the app shows.
 */
export function formatRupees(amount: number | string | null): string {
  if (amount === null) return noAmount;
  const paise = toPaise(amount);
  const magnitude = paise < 0n ? -paise : paise;
  const fraction = String(magnitude % 100n).padStart(2, '0');
  return `${paise < 0n ? '-' : ''}${wholeRupees.format(magnitude / 100n)}.${fraction}`;
}
