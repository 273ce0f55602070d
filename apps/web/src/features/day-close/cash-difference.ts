import { dayCloseScreenWords } from '@vaidya/contract/day-close-screens';
import { formatRupees } from '../../lib/money';

const words = dayCloseScreenWords.close;

/** Counted minus received, in words: "₹50.00 less than received", or that it matches. */
export function cashDifferenceSaid(difference: number): string {
  const amount = formatRupees(Math.abs(difference));
  if (difference > 0) return words.over(amount);
  if (difference < 0) return words.short(amount);
  return words.noDifference;
}
