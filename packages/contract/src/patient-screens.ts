import { paymentModeWords } from './record-states';
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
  /** The page of the records that look like one patient (`/dashboard/patients/duplicates`). */
  likelyDuplicates: 'Likely duplicates',
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
  /** The page's actions, beside Edit; each starts the screen it names with this patient. */
  actionsLabel: 'Actions for this patient',
  bookAppointment: 'Book appointment',
  newPrescription: 'New prescription',
  newBill: 'New bill',
  recordPayment: 'Record payment',
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
  /** The other patients on the same mobile: a family shares a phone. */
  family: 'Family on this number',
  /** The action that merges another record of the patient into this one (decision 042). */
  merge: 'Merge',
  /** On the kept patient's page after the merge. */
  mergedNotice: (merged: string, kept: string) => `${merged} was merged into ${kept}`,
  /** On the kept patient's page when a merged record's page was opened. */
  redirectedNotice: (merged: string) => `The record of ${merged} you opened was merged into this one`,
} as const;

/**
 * A patient's page's tabs (issue 21): the timeline of everything, and the same items by kind.
 * A booking's state, a payment's mode and a message's state are named as the bookings, bills
 * and prescription screens name them.
 */
export const patientTimelineWords = {
  tabsLabel: 'The patient’s history',
  tabs: {
    timeline: 'Timeline',
    prescriptions: 'Prescriptions',
    billing: 'Bills & payments',
    messages: 'Messages',
  },
  loading: 'Loading the patient’s history',
  fetchFailed: 'Failed to fetch the patient’s history',
  empty: {
    timeline: 'Nothing yet: the patient’s bookings, prescriptions, bills, payments and messages appear here.',
    prescriptions: 'No prescriptions yet',
    billing: 'No bills or payments yet',
    messages: 'No messages yet',
  },
  /** Below the items loaded so far, while older ones remain. */
  showOlder: 'Show older',
  booking: (token: number, queue: string) => `Booking · Token ${token} · ${queue}`,
  bookingStatuses: {
    booked: 'Booked',
    showed_up: 'Showed up',
    called: 'Called in',
    completed: 'Completed',
    no_show: 'No-show',
    cancelled: 'Cancelled',
  },
  prescription: 'Prescription',
  noDiagnosis: 'No diagnosis',
  medicines: (count: number) => (count === 1 ? '1 medicine' : `${count} medicines`),
  bill: (billNumber: string, total: string) => `Bill ${billNumber} · ${total}`,
  balance: (balance: string) => `Balance ${balance}`,
  paidInFull: 'Paid in full',
  payment: (amount: string, mode: string) => `Payment ${amount} · ${mode}`,
  paymentModes: paymentModeWords,
  paymentOfBill: (billNumber: string) => `Against bill ${billNumber}`,
  receipt: 'Receipt of a payment against dues',
  message: (channel: string, about: string) => `${channel} message · ${about}`,
  channels: { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' },
  messageTemplates: {
    prescription: 'prescription',
    bill: 'bill',
    estimate: 'treatment estimate',
    booking_cancelled: 'booking cancelled',
  },
  otherMessage: 'message',
  /** A sitting of a dental treatment plan, its progress note beneath. */
  sitting: (sitting: number, planTitle: string) => `Sitting ${sitting} · ${planTitle}`,
  messageStatuses: {
    recorded: 'Kept in the outbox (WhatsApp not set up)',
    waiting: 'Waiting to be sent (hourly limit reached)',
    sent: 'Sent',
    failed: 'Failed',
  },
} as const;

/** The Patients screen's spreadsheet buttons and its import dialog. */
export const patientCsvWords = {
  exportCsv: 'Export CSV',
  exportFailed: 'Failed to export the patients',
  exportFileName: 'patients.csv',
  importCsv: 'Import CSV',
  importTitle: 'Import patients from a CSV file',
  importHint:
    'Columns Name and Mobile, and any of Gender, Age or Date of birth, Patient number, Email and Address. You see each row first; nothing is saved until you press Import.',
  chooseFile: 'Choose CSV file',
  checkFailed: 'Failed to check the file',
  importAction: 'Import',
  close: 'Close',
  preview: (added: number, skipped: number, errors: number) =>
    `${added} to add, ${skipped} already there, ${errors} with errors`,
  /** Rows shown with their problem; a longer list ends with how many more there are. */
  shownProblems: 100,
  moreProblems: (count: number) => `and ${count} more rows with a problem`,
  problemsLabel: 'Rows not imported',
  headers: { line: 'Row', name: 'Name', problem: 'Problem' },
} as const;
