/**
 * Merging two records of one patient (decision 042): the Patients screen's likely duplicates,
 * and the dialog the patient page and that list open. The sentences the API also answers
 * (merged, refusals) are `patientMergeMessages` in patients.ts.
 */
export const patientMergeWords = {
  /** Each pair's action on the list. */
  merge: 'Merge',
  duplicatesHint:
    'Records that look like one patient: one mobile with similar names, or one name and date of birth on two mobiles. Merge moves everything to the record you keep.',
  duplicatesEmpty: 'No likely duplicates: every record looks like a patient of its own.',
  duplicatesFetchFailed: 'Failed to fetch the likely duplicates',
  loadingDuplicates: 'Loading the likely duplicates',
  reasons: {
    similar_name: 'One mobile, similar names',
    same_birth_date: 'One name and date of birth',
  },
  /** A pair on the list, read whole by a screen reader: "Asha and Asha Patil". */
  pairLabel: (first: string, second: string) => `${first} and ${second}`,
  dialogTitle: 'Merge two records of one patient',
  /** Choosing the other record. */
  pickPrompt: (name: string) => `Which other record is ${name}?`,
  ofThisPatient: 'Likely duplicates of this patient',
  noLikelyDuplicates: 'No likely duplicates of this patient; search for the other record.',
  searchOthers: 'Or search by patient number, mobile or name',
  nothingFound: (query: string) => `No other patient matches “${query}”`,
  chooseAnother: 'Choose another record',
  /** Choosing the record kept. */
  keepPrompt: 'Which record do you keep?',
  recordLine: (numberLabel: string, mobile: string, ageSex: string) =>
    `${numberLabel} · ${mobile} · ${ageSex}`,
  whatHappens: (kept: string, merged: string) =>
    `${kept} is kept. The bookings, prescriptions, bills, payments and messages of ${merged} move to ${kept}, which also gets ${merged}’s allergies and medical alerts and the details it lacks. ${merged} is then no longer listed. A merge cannot be undone.`,
  cancel: 'Cancel',
  failed: 'Failed to merge the patients',
} as const;
