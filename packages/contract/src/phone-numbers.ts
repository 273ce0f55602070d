/**
 * Indian phone numbers as people paste them: "98123 45678", "+91 98123 45678",
 * "098123-45678", "(020) 2543 1234". A plain file without zod, so the booking website
 * (light on patients' phones) checks a mobile by the same rule as the server.
 */

/** What people put between the digits: spaces, dashes, dots and brackets. */
const separators = /[\s\-.()]/g;

/** Ten digits starting 6–9, after an optional +91, 91 or the trunk 0. */
const mobilePattern = /^(?:\+91|91|0)?([6-9]\d{9})$/;

/** Any run of separators, as `typedMobilePattern` allows it between two characters. */
const anySeparators = String.raw`[\s\-.()]*`;

/**
 * `mobilePattern` on the text as typed, separators anywhere: the same numbers
 * `indianMobileDigits` takes, written as one pattern for the API's document (and its clients).
 */
export const typedMobilePattern = new RegExp(
  [
    `^${anySeparators}`,
    `(?:\\+${anySeparators}9${anySeparators}1${anySeparators}|9${anySeparators}1${anySeparators}|0${anySeparators})?`,
    `[6-9]${anySeparators}(?:\\d${anySeparators}){9}$`,
  ].join(''),
);

/** A landline: the trunk 0 (or +91) and 9–10 digits of STD code and number, 10–11 digits with the 0. */
const landlinePattern = /^(?:\+910?|0)[1-9]\d{8,9}$/;

/** The longest pasted form a phone field takes, "+91 (98123) 45-678" and the like; its maxLength. */
export const phoneInputMaxLength = 20;

export const phoneNumberMessages = {
  invalidMobile: 'Please enter a valid 10-digit mobile number',
  invalidContactNo:
    'Contact number must be a 10-digit mobile number or a landline number with its STD code, like 020 2543 1234',
} as const;

/** The ten digits of an Indian mobile however it was pasted, or null when it is not one. */
export function indianMobileDigits(typed: string): string | null {
  return mobilePattern.exec(typed.replace(separators, ''))?.[1] ?? null;
}

/** A clinic's contact number: an Indian mobile (in any of its pasted forms) or a landline with its STD code. */
export function isIndianContactNumber(typed: string): boolean {
  return indianMobileDigits(typed) !== null || landlinePattern.test(typed.replace(separators, ''));
}
