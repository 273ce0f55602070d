import type { AllergyMatch } from './allergy-classes';

/**
 * What the prescription editor and the printed prescription say about a patient's
 * allergies and medical alerts (issue 21, "Allergy safety"). The record's own words
 * (`medicalAlertLabels`) are in patients.ts.
 */
export const allergyScreenWords = {
  /** The red block's accessible name, at the top of the editor and near the printed patient. */
  safetyLabel: 'Allergies and medical alerts',
  allergies: 'Allergies',
  alerts: 'Alerts',
  /** The patient's record could not be read, so its allergies are not known to the editor. */
  safetyFetchFailed: 'Could not read the patient’s allergies and alerts from the patient record',

  warningTitle: 'Check allergy before adding',
  /** "Allergy: Penicillin — Amoxicillin 500 is a penicillin". */
  warning: (medicine: string, { allergy, why }: AllergyMatch) =>
    `Allergy: ${allergy} — ${medicine} ${why.by === 'word' ? `names ${allergy}` : `is ${why.allergyClass.oneOf}`}`,
  textCheckOnly:
    'This compares the names as written with the patient’s allergies; it is not a complete allergy check.',
  addAnyway: 'Add anyway',
  doNotAdd: 'Do not add',
} as const;
