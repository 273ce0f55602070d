/**
 * What the one date field says (apps/web/src/components/date-field.tsx), wherever it is
 * used: dates are read and typed DD/MM/YYYY (spec §9, en-GB) whatever the browser's language.
 */
export const dateFieldWords = {
  /** Shown in the empty field and under it: the one way a date is written. */
  format: 'DD/MM/YYYY',
  notARealDate: (label: string) => `${label} must be a real date, DD/MM/YYYY`,
  /** The calendar button's accessible name, naming its field. */
  openCalendar: (label: string) => `Choose ${label} on a calendar`,
} as const;
