/**
 * What the printable documents say (spec §2 "Prescription view", §4 "WhatsApp send",
 * §8): the shell every document page shares, the prescription itself, its WhatsApp
 * messages, and the Settings card that sets its header, signature and footer. The
 * server's own sentences (sent, failed, saved) live in consultation-forms.ts.
 */

/** The document shell: what the prescription and bill pages share. */
export const documentPageTexts = {
  loading: 'Loading document',
  print: 'Print',
  sendWhatsApp: 'Send WhatsApp',
  sending: 'Sending…',
  retry: 'Retry',
  /** The toolbar's accessible name. */
  actions: 'Document actions',
  /** The clinic's way back from a preview: to the bookings screen or the bills list it was written from. */
  back: 'Back',
  /** Opens the document in its editor again. */
  edit: 'Edit',
  /** Opens the page of the patient the document is for. */
  patient: 'Patient',
} as const;

/** Spec §2 "Prescription view", word for word. */
export const prescriptionTexts = {
  fetchError: 'Error fetching prescription',
  notFound: 'No prescription found',
  noData: 'No prescription data found',
  /** The document's accessible name. */
  document: 'Prescription',
  headerAlt: 'Prescription header',
  footerAlt: 'Prescription footer',
  signatureAlt: 'Authorised signature',
  patient: 'Patient',
  nameWithAge: (name: string, age: number | null) => (age === null ? name : `${name}, ${age}Y`),
  gender: 'Gender',
  genders: { male: 'Male', female: 'Female', other: 'Other' },
  mobile: 'Mobile',
  date: 'Date',
  /** A patient detail or a vital as printed: "Gender: Female", "BP: 120/80". */
  labelled: (label: string, value: string) => `${label}: ${value}`,
  complaints: 'Chief Complaints',
  observations: 'Clinical Findings',
  diagnoses: 'Diagnosis',
  investigations: 'Investigations',
  treatments: 'Treatments',
  tooth: (toothNumber: number) => `Tooth ${toothNumber}`,
  medicines: 'Prescription',
  columns: {
    serial: 'S.No',
    medicine: 'Medicine Name',
    composition: 'Composition',
    dosage: 'Dosage',
    timing: 'Timing',
    duration: 'Duration',
    instructions: 'Instructions',
  },
  timings: { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening', sos: 'SOS' },
  days: (days: number) => `${days} days`,
  /** Spec §2: what an empty timing, duration, composition or instruction prints. */
  none: '-',
  medicalPractitioner: 'Medical Practitioner',
  /** The author's registration (NMC), printed under their name: "Reg. No. A-12345, Maharashtra Medical Council". */
  registration: (number: string, council: string | null) =>
    council ? `${registrationNumberText(number)}, ${council}` : registrationNumberText(number),
} as const;

/** A doctor's registration number as the documents print it (issue 23). */
export function registrationNumberText(number: string) {
  return `Reg. No. ${number}`;
}

/**
 * The dental chart a dental clinic may print with its prescriptions (issue 22, the clinic's
 * "print dental chart" setting): as it stood at the end of the prescription's date.
 */
export const printedDentalChartTexts = {
  title: (date: string) => `Dental chart as on ${date}`,
  /** The drawing's accessible name; the list under it says the same in words. */
  drawing: 'Teeth as charted, upper arch over lower, the patient’s right on the left',
  right: 'R',
  left: 'L',
  /** A missing tooth is crossed out in the drawing. */
  missingCode: 'X',
  nothing: 'No findings recorded',
  columns: { tooth: 'Tooth', findings: 'Findings' },
  /** "Filling (MO, composite), completed". */
  finding: (condition: string, details: string[], state: string) =>
    details.length > 0 ? `${condition} (${details.join(', ')}), ${state}` : `${condition}, ${state}`,
  mobilityGrade: (grade: number) => `grade ${grade}`,
  /** On screen only: the sheet prints without the chart. */
  failed: 'The dental chart could not be loaded, so it will not print. Reload the page to try again.',
} as const;

/** The preview's list of the prescription's WhatsApp messages (never printed). */
export const prescriptionMessagesTexts = {
  title: 'WhatsApp messages',
  description: 'Each time this prescription was sent, and where the message stands.',
  empty: 'Not sent on WhatsApp yet.',
  loadError: 'Failed to fetch messages',
  retry: 'Retry',
  statuses: {
    recorded: 'Kept in the outbox (WhatsApp not set up)',
    waiting: 'Waiting to be sent (hourly limit reached)',
    sent: 'Sent',
    failed: 'Failed',
  },
  failedBecause: (reason: string) => `Failed: ${reason}`,
  sentTo: (recipient: string) => `To ${recipient}`,
  sendAgain: 'Send again',
} as const;

/** Settings → the images printed on every prescription. */
export const prescriptionLayoutTexts = {
  title: 'Prescription layout',
  description:
    'The header across the top of every prescription, the authorised signature above your name, and the footer.',
  elements: {
    header: 'Header',
    signature: 'Signature',
    footer: 'Footer',
  },
  notSet: 'Not set',
  upload: (element: string) => `Upload ${element.toLowerCase()}`,
  replace: (element: string) => `Replace ${element.toLowerCase()}`,
  uploading: 'Uploading…',
  delete: (element: string) => `Delete ${element.toLowerCase()}`,
  confirmTitle: (element: string) => `Delete the ${element.toLowerCase()}?`,
  confirmBody: (element: string) =>
    `Prescriptions will be printed without the ${element.toLowerCase()} until you upload another.`,
  loadError: 'Failed to fetch the prescription layout',
  retry: 'Retry',
  deleteError: 'Failed to delete image',
  imageAlt: (element: string) => `Prescription ${element.toLowerCase()}`,
} as const;
