import { describe, expect, it } from 'vitest';
import { billBody } from './bills';
import { bookSlotBody } from './bookings';
import { consultationFormBody } from './consultation-forms';
import { leadRequest } from './leads';
import { indianMobileSchema } from './mobile';
import { indianMobileDigits, typedMobilePattern } from './phone-numbers';
import { newClientRequestBody } from './referrals';
import { addLocationBody, updateLocationBody } from './schedule';

const pastedForms = [
  '9812345678',
  '98123 45678',
  '+91 98123 45678',
  '+91-98123-45678',
  '+919812345678',
  '919812345678',
  '91 98123 45678',
  '098123-45678',
  '09812345678',
  '(+91) 98123.45678',
  '  98123 45678  ',
];

describe('a mobile number field', () => {
  it.each(pastedForms)('keeps the ten digits of "%s"', (pasted) => {
    expect(indianMobileSchema.parse(pasted)).toBe('9812345678');
  });

  it('keeps a number starting 91 that is itself ten digits', () => {
    expect(indianMobileSchema.parse('9198123456')).toBe('9198123456');
  });

  it.each([
    '98765',
    '981234567',
    '98123456789',
    '5812345678',
    '+92 98123 45678',
    '0091 98123 45678',
    '98123/45678',
    '98123 4567a',
    '+ 91 98123 4567',
    '',
  ])('refuses "%s" in its own words', (typed) => {
    expect(indianMobileSchema.safeParse(typed).error?.issues[0]?.message).toBe(
      'Please enter a valid 10-digit mobile number',
    );
  });

  it('refuses what is not text in the same words', () => {
    expect(indianMobileSchema.safeParse(9812345678).error?.issues[0]?.message).toBe(
      'Please enter a valid 10-digit mobile number',
    );
  });

  it('is the one rule of every mobile field of the contract', () => {
    const pasted = '+91 98123 45678';
    expect(leadRequest.shape.phoneNumber.parse(pasted)).toBe('9812345678');
    expect(bookSlotBody.shape.customerMobile.parse(pasted)).toBe('9812345678');
    expect(billBody.shape.customerMobile.parse(pasted)).toBe('9812345678');
    expect(consultationFormBody.shape.customerMobile.parse(pasted)).toBe('9812345678');
    expect(newClientRequestBody.shape.mobile.parse(pasted)).toBe('9812345678');
  });
});

describe('a location’s contact number', () => {
  const contactNo = (value: string) => addLocationBody.safeParse({ locationName: 'Aundh', contactNo: value });

  it.each([
    '9812345678',
    '+91 98123 45678',
    '098123-45678',
    '020 2543 1234',
    '(020) 2543-1234',
    '080-4123-4567',
    '0712 256 1234',
    '+91 20 2543 1234',
    '+91 020 2543 1234',
    '',
  ])('takes "%s" as the clinic wrote it', (typed) => {
    expect(contactNo(typed).data?.contactNo).toBe(typed);
  });

  it.each(['98765', '2543 1234', '020 2543', '020 2543 12345 6', '+91 98765', '00 2543 1234', 'call me'])(
    'refuses "%s", naming the field and the two forms it takes',
    (typed) => {
      const refusal = contactNo(typed).error?.issues[0];
      expect(refusal?.path).toEqual(['contactNo']);
      expect(refusal?.message).toBe(
        'Contact number must be a 10-digit mobile number or a landline number with its STD code, like 020 2543 1234',
      );
    },
  );

  it('follows the same rule when a location is edited', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(updateLocationBody.safeParse({ id, locationName: 'Aundh', contactNo: '98765' }).success).toBe(
      false,
    );
    expect(
      updateLocationBody.parse({ id, locationName: 'Aundh', contactNo: '020 2543 1234' }).contactNo,
    ).toBe('020 2543 1234');
  });
});

describe('the typed mobile pattern the API documents', () => {
  /** Texts of the characters a mobile field meets, from a fixed seed: digits, separators, a plus. */
  function typedTexts(count: number): string[] {
    const characters = '0123456789+ -.()6789919';
    let seed = 20261126;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    return Array.from({ length: count }, () =>
      Array.from({ length: 8 + (next() % 10) }, () => characters[next() % characters.length]).join(''),
    );
  }

  it('takes exactly the texts the server reads a mobile from', () => {
    const texts = [
      ...pastedForms,
      '12345',
      '+91 12345 67890',
      '0091 98123 45678',
      '+9198123456789',
      ...typedTexts(20_000),
    ];
    const disagreements = texts.filter(
      (text) => typedMobilePattern.test(text) !== (indianMobileDigits(text) !== null),
    );
    expect(disagreements).toEqual([]);
    // The sample held both kinds, so the comparison meant something.
    expect(texts.filter((text) => typedMobilePattern.test(text)).length).toBeGreaterThan(pastedForms.length);
  });
});
