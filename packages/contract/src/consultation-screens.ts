/**
 * What the consultation editor says (spec §2, §3 "Prescription form data", §9): the
 * patient block, vitals, the pickers over the clinic's masters, the medicines, the dental
 * chart and the patient's earlier prescriptions. The server's own sentences (saved,
 * a booking that already has a form) are in consultation-forms.ts.
 */
export const consultationScreenWords = {
  newTitle: 'New prescription',
  editTitle: 'Edit prescription',
  description: 'Write the consultation; saving opens the prescription to print or send.',
  loading: 'Loading prescription',
  fetchError: 'Failed to load the prescription',
  retry: 'Retry',

  patient: 'Patient',
  patientName: 'Patient name',
  age: 'Age',
  gender: 'Gender',
  genders: { male: 'Male', female: 'Female', other: 'Other' },
  notGiven: 'Not given',
  mobile: 'Mobile number',

  vitals: 'Vitals',
  vitalType: 'Vital',
  vitalValue: 'Value',
  addVital: 'Add vital',
  removeVital: (type: string) => (type === '' ? 'Remove vital' : `Remove ${type}`),

  /** The section titles, as the prescription prints them (spec §2). */
  sections: {
    complaints: 'Chief Complaints',
    observations: 'Clinical Findings',
    diagnoses: 'Diagnosis',
    investigations: 'Investigations',
    treatments: 'Treatments',
    medicines: 'Medicines',
  },
  /** The field under each title that searches the clinic's master. */
  pickers: {
    complaints: 'Search or add a complaint',
    observations: 'Search or add a finding',
    diagnoses: 'Search or add a diagnosis',
    investigations: 'Search or add an investigation',
    treatments: 'Search or add a treatment',
    medicines: 'Search or add a medicine',
  },

  chooseToothShort: 'Choose tooth',
  chooseTooth: (treatment: string) => `Choose tooth for ${treatment}`,
  changeTooth: (treatment: string, tooth: number) => `Tooth ${tooth} for ${treatment}: change`,
  operations: 'Operations',
  removeTreatment: (treatment: string) => `Remove ${treatment}`,
  /** A dentist's treatment row once its tooth is chosen: two fillings read apart. */
  treatmentOnTooth: (treatment: string, tooth: number) => `${treatment} on tooth ${tooth}`,
  toothChartTitle: (treatment: string) => `Tooth for ${treatment}`,
  permanentTeeth: 'Permanent',
  primaryTeeth: 'Primary',
  dentition: 'Teeth',
  upperJaw: 'Upper jaw',
  lowerJaw: 'Lower jaw',
  patientRight: 'Right',
  patientLeft: 'Left',
  tooth: (tooth: number) => `Tooth ${tooth}`,
  clearTooth: 'No tooth',
  close: 'Close',

  /** The prescription table's column words (spec §2). */
  medicineColumns: {
    name: 'Medicine Name',
    composition: 'Composition',
    dosage: 'Dosage',
    timing: 'Timing',
    duration: 'Duration',
    instructions: 'Instructions',
  },
  /** Spec §9 dosage flags, with the words they stand for as their accessible names. */
  timings: {
    is_morning: { flag: 'M', name: 'Morning' },
    is_afternoon: { flag: 'A', name: 'Afternoon' },
    is_evening: { flag: 'E', name: 'Evening' },
    is_sos: { flag: 'SOS', name: 'SOS' },
  },
  days: 'days',
  removeMedicine: (medicine: string) => `Remove ${medicine}`,
  noMedicines: 'No medicines yet. Search one above or apply a template.',
  applyTemplate: 'Apply template',
  templateApplied: (template: string, added: number) =>
    added === 0
      ? `Every medicine of ${template} is already on the prescription`
      : `${template}: ${added === 1 ? '1 medicine' : `${added} medicines`} added`,
  templateFailed: 'Failed to load the template’s medicines',

  earlierPrescriptions: 'Earlier prescriptions',
  earlierPrescriptionsOf: (mobile: string) => `Earlier prescriptions of ${mobile}`,
  earlierNeedsMobile: 'Enter the patient’s mobile number to see their earlier prescriptions.',
  earlierLoading: 'Loading earlier prescriptions',
  earlierFetchError: 'Failed to load earlier prescriptions',
  noEarlier: 'No earlier prescriptions for this number.',
  medicinesCount: (count: number) => (count === 1 ? '1 medicine' : `${count} medicines`),

  save: 'Save',
  saveFailed: 'Failed to save the prescription',
  fixErrors: 'Please correct these before saving:',
  openExisting: 'Open it',
} as const;
