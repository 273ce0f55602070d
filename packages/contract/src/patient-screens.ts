/**
 * What the Patients screen and a patient's page say (issue 21). The sentences the API
 * also answers (added, updated, the fields' rules) are `patientMessages` in patients.ts.
 */

/** The registry's list: search, the table and its states. */
export const patientsScreenWords = {
  title: 'Patients',
  description:
    'Every patient of the clinic: find one by patient number, mobile or name, and open their page.',
  search: 'Search by patient number, mobile or name',
  searchHint: 'Type to search; ↑ and ↓ move through the list, Enter opens the patient',
  addPatient: 'Add patient',
  headers: {
    number: 'Patient No.',
    name: 'Name',
    ageSex: 'Age/Sex',
    mobile: 'Mobile',
    lastVisit: 'Last visit',
    balance: 'Balance',
    /** On phones the name, number, age/sex and mobile share one column. */
    patient: 'Patient',
  },
  /** What a figure the record does not hold shows: no age, no visit yet. */
  none: '—',
  lastVisitOn: (date: string) => `Last visit ${date}`,
  empty: 'No patients yet',
  emptyHint: 'Add the first one with Add patient; patients booked at the desk or online appear here too.',
  nothingFound: (query: string) => `No patient matches “${query}”`,
  fetchFailed: 'Failed to fetch patients',
  retry: 'Retry',
  loading: 'Loading patients',
} as const;

/** The add and edit dialog. */
export const patientFormWords = {
  addTitle: 'Add patient',
  editTitle: 'Edit patient',
  saveFailed: 'Failed to save the patient',
  name: 'Name',
  mobile: 'Mobile number',
  gender: 'Gender',
  genders: { male: 'Male', female: 'Female', other: 'Other' },
  notGiven: 'Not given',
  dateOfBirth: 'Date of birth',
  age: 'Age (years)',
  ageOrBirthDateHint: 'A date of birth, or an age when it is not known',
  patientNumber: 'Patient number',
  patientNumberHint: 'Leave blank for the next number',
  address: 'Address',
  email: 'Email',
  bloodGroup: 'Blood group',
  allergies: 'Allergies',
  allergiesHint: 'Type an allergy and press Enter to add it',
  removeAllergy: (allergy: string) => `Remove ${allergy}`,
  medicalAlerts: 'Medical alerts',
  alertNotes: 'Other alerts',
  notes: 'Notes',
} as const;

/** A patient's page. */
export const patientPageWords = {
  backToPatients: 'All patients',
  loading: 'Loading the patient',
  notFound: 'This patient was not found',
  fetchFailed: 'Failed to fetch the patient',
  retry: 'Retry',
  edit: 'Edit',
  /** The line under the name: "No. 12 · 34 F · 9822012345". */
  numberLabel: (patientNumber: string) => `No. ${patientNumber}`,
  balanceDue: 'Balance due',
  /** What stands in red at the top, read whole by a screen reader: "Allergies: Penicillin, Sulfa". */
  allergiesLine: (allergies: string) => `Allergies: ${allergies}`,
  medicalAlertsLine: (alerts: string) => `Medical alerts: ${alerts}`,
  details: 'Details',
  address: 'Address',
  email: 'Email',
  bloodGroup: 'Blood group',
  dateOfBirth: 'Date of birth',
  approximateDateOfBirth: (date: string) => `${date} (from the age given)`,
  firstSeen: 'First seen',
  notes: 'Notes',
  notRecorded: 'Not recorded',
} as const;
