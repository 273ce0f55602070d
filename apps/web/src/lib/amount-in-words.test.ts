import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    [1234.5, 'Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only'],
    [0, 'Rupees Zero Only'],
    [0.05, 'Rupees Zero and Five Paise Only'],
    [1000, 'Rupees One Thousand Only'],
    [19.99, 'Rupees Nineteen and Ninety-Nine Paise Only'],
    [100, 'Rupees One Hundred Only'],
    [250_000, 'Rupees Two Lakh Fifty Thousand Only'],
    [1_00_000, 'Rupees One Lakh Only'],
    [
      12_34_567.89,
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only',
    ],
    [1_00_00_000, 'Rupees One Crore Only'],
    [
      99_99_99_999.99,
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    [1_20_00_00_101, 'Rupees One Hundred Twenty Crore One Hundred One Only'],
    [4_05_10_020, 'Rupees Four Crore Five Lakh Ten Thousand Twenty Only'],
  ])('writes %d as %j', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('reads two-decimal amounts exactly, with no binary fraction creeping in', () => {
    expect(amountInWords(0.29)).toBe('Rupees Zero and Twenty-Nine Paise Only');
    expect(amountInWords(1.15)).toBe('Rupees One and Fifteen Paise Only');
  });
});
