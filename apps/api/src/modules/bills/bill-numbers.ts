/** Invoice numbers (domain notes "Bills and tax"): at most 16 characters, letters, digits, '-' and '/'. */
export const maxBillNumberLength = 16;

/** The clinic's initials, letters only, upper-case, 1 to 4 of them ("Sushrut Dental Clinic" → "SDC"). */
export function billPrefixOf(clinicName: string): string {
  const initials = (clinicName.match(/[A-Za-z]+/g) ?? [])
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 4);
  return initials || 'B';
}

/**
 * `<PREFIX>/<financial year>/<sequence of four digits or more>`; the prefix is cut short
 * (or left out) when the whole would pass 16 characters.
 */
export function billNumberOf(clinicName: string, financialYear: string, sequence: number): string {
  const rest = `${financialYear}/${String(sequence).padStart(4, '0')}`;
  const room = maxBillNumberLength - rest.length - 1;
  const prefix = billPrefixOf(clinicName).slice(0, Math.max(room, 0));
  return prefix ? `${prefix}/${rest}` : rest;
}
