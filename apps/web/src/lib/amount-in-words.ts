import { amountInWordsTexts as words } from '@vaidya/contract/bill-screens';

function belowHundred(n: number): string {
  if (n < 20) return words.units[n] as string;
  const unit = n % 10;
  const tens = words.tens[Math.floor(n / 10)] as string;
  return unit === 0 ? tens : `${tens}-${words.units[unit]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds > 0 ? [`${words.units[hundreds]} ${words.hundred}`] : [];
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A whole number with Indian grouping: crore (10^7), lakh (10^5), thousand, then hundreds. */
function wholeInWords(n: number): string {
  if (n === 0) return words.units[0];
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crores > 0 ? `${wholeInWords(crores)} ${words.crore}` : '',
    lakhs > 0 ? `${belowHundred(lakhs)} ${words.lakh}` : '',
    thousands > 0 ? `${belowHundred(thousands)} ${words.thousand}` : '',
    rest > 0 ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount in rupees (at most two decimals, not negative) as printed on a bill:
 * 1234.5 → "Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only".
 */
export function amountInWords(amount: number): string {
  const paise = Math.round(amount * 100);
  const rupees = words.rupees(wholeInWords(Math.floor(paise / 100)));
  const fraction = paise % 100;
  return [rupees, ...(fraction > 0 ? [words.andPaise(belowHundred(fraction))] : []), words.only].join(' ');
}
