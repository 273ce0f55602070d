import { describe, expect, it } from 'vitest';
import { permanentTeeth, primaryTeeth } from './consultation-forms';
import { universalNumber } from './tooth-numbers';

describe('Universal tooth numbers', () => {
  it('numbers permanent teeth 1–32 and primary teeth A–T, each once, from the upper right', () => {
    expect([18, 11, 21, 28, 38, 31, 41, 48].map(universalNumber)).toEqual([
      '1',
      '8',
      '9',
      '16',
      '17',
      '24',
      '25',
      '32',
    ]);
    expect([55, 51, 61, 65, 75, 71, 81, 85].map(universalNumber)).toEqual([
      'A',
      'E',
      'F',
      'J',
      'K',
      'O',
      'P',
      'T',
    ]);
    expect(new Set(permanentTeeth.map(universalNumber)).size).toBe(32);
    expect(new Set(primaryTeeth.map(universalNumber)).size).toBe(20);
  });

  it('leaves a number that is no FDI tooth as it is', () => {
    expect([19, 10, 56, 90, 9, 36.5].map(universalNumber)).toEqual(['19', '10', '56', '90', '9', '36.5']);
  });
});
