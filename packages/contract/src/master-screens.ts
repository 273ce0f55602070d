/**
 * What the masters screens say (spec §2 "Consultation Masters screen", named Prescription Masters
 * like its navigation item (issue 19), "Each master
 * list screen", "Treatment Masters page", §5 and §8), kept beside the wire contract so
 * every sentence the web app shows has one home, ready to be translated in one place.
 */

/** What one master list screen says; each master has one of these. */
export interface MasterScreenTexts {
  /** The list's heading, and its card's title on the Prescription Masters screen. */
  title: string;
  searchPlaceholder: string;
  addLabel: string;
  /** Spec §2: what an empty list says; a search that finds nothing says `noMatch` instead. */
  empty: string;
  noMatch: (query: string) => string;
  /** A second line under the empty state, telling what to do. */
  emptyHint?: string;
  addTitle: string;
  editTitle: string;
  /** The name column's header; the simple masters' dialogs also label their one field with it. */
  nameHeader: string;
  fetchError: string;
  saveError: string;
  deleteError: string;
}

/** A master that has a card on the Prescription Masters screen. */
export interface MasterCardTexts extends MasterScreenTexts {
  /** The card's line under its title. */
  description: string;
}

/** The words every master screen shares. */
export const masterScreenWords = {
  /** The screen's one name: its heading, its navigation item and its browser tab. */
  prescriptionMasters: 'Prescription Masters',
  prescriptionMastersDescription:
    'The complaints, observations, investigations, diagnoses, medicines, medicine templates and treatments you pick from during a consultation.',
  back: 'Back to Prescription Masters',
  serialNumber: 'S.No',
  actions: 'Actions',
  add: 'Add',
  update: 'Update',
  cancel: 'Cancel',
  delete: 'Delete',
  loading: 'Loading',
  retry: 'Retry',
  /** Why a list's Add button is still disabled: its form is on its way. */
  formPreparing: 'Getting the form ready…',
  formFailed: 'The form could not be loaded. Check the connection and retry.',
  /** Marks the row added a moment ago, wherever the list shows it. */
  justAdded: 'Just added',
  /** Shown in a cell whose value was never given, such as a medicine without a price. */
  none: '—',
  editNamed: (name: string) => `Edit ${name}`,
  deleteNamed: (name: string) => `Delete ${name}`,
  confirmDeleteTitle: 'Confirm Delete',
  confirmDelete: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
} as const;

/** The pager under every list (spec §9: 5, 10, 25 or 50 rows a page). */
export const pagerWords = {
  rowsPerPage: 'Rows per page:',
  previousPage: 'Go to previous page',
  nextPage: 'Go to next page',
  range: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
  /** A list whose count stops at a cap (the patients', decision 043): at least `total` match. */
  rangeAtLeast: (from: number, to: number, total: number) =>
    `${from}–${to} of ${total.toLocaleString('en-IN')}+`,
} as const;

/** Asked when Escape, a click outside or Cancel would close a dialog holding unsaved input. */
export const discardChangesWords = {
  title: 'Discard your changes?',
  body: 'What you entered in this form has not been saved and will be lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
} as const;

export const complaintScreen: MasterCardTexts = {
  title: 'Complaints',
  description: 'Manage patient complaints',
  searchPlaceholder: 'Search complaints',
  addLabel: 'Add Complaint',
  noMatch: (query: string) => `No complaints match "${query}"`,
  empty: 'No complaints found. Add your first complaint!',
  addTitle: 'Add New Complaint',
  editTitle: 'Edit Complaint',
  nameHeader: 'Complaint Name',
  fetchError: 'Failed to fetch complaints',
  saveError: 'Failed to save complaint',
  deleteError: 'Failed to delete complaint',
};

export const observationScreen: MasterCardTexts = {
  title: 'Observations',
  description: 'Manage clinical findings',
  searchPlaceholder: 'Search observations',
  addLabel: 'Add Observation',
  noMatch: (query: string) => `No observations match "${query}"`,
  empty: 'No observations found. Add your first observation!',
  addTitle: 'Add New Observation',
  editTitle: 'Edit Observation',
  nameHeader: 'Observation Name',
  fetchError: 'Failed to fetch observations',
  saveError: 'Failed to save observation',
  deleteError: 'Failed to delete observation',
};

export const investigationScreen: MasterCardTexts = {
  title: 'Investigations',
  description: 'Manage tests and investigations',
  searchPlaceholder: 'Search investigations',
  addLabel: 'Add Investigation',
  noMatch: (query: string) => `No investigations match "${query}"`,
  empty: 'No investigations found. Add your first one!',
  addTitle: 'Add New Investigation',
  editTitle: 'Edit Investigation',
  nameHeader: 'Investigation Name',
  fetchError: 'Failed to fetch investigations',
  saveError: 'Failed to save investigation',
  deleteError: 'Failed to delete investigation',
};

export const diagnosisScreen: MasterCardTexts = {
  title: 'Diagnosis',
  description: 'Manage diagnoses',
  searchPlaceholder: 'Search diagnoses',
  addLabel: 'Add Diagnosis',
  noMatch: (query: string) => `No diagnoses match "${query}"`,
  empty: 'No diagnoses found. Add your first diagnosis!',
  addTitle: 'Add New Diagnosis',
  editTitle: 'Edit Diagnosis',
  nameHeader: 'Diagnosis Name',
  fetchError: 'Failed to fetch diagnoses',
  saveError: 'Failed to save diagnosis',
  deleteError: 'Failed to delete diagnosis',
};

export const medicineScreen = {
  title: 'Medicines',
  description: 'Manage medicines and prescriptions',
  searchPlaceholder: 'Search medicines',
  addLabel: 'Add Medicine',
  noMatch: (query: string) => `No medicines match "${query}"`,
  empty: 'No medicines found. Add your first medicine!',
  addTitle: 'Add New Medicine',
  editTitle: 'Edit Medicine',
  nameHeader: 'Medicine Name',
  priceHeader: 'Price',
  fetchError: 'Failed to fetch medicines',
  saveError: 'Failed to save medicine',
  deleteError: 'Failed to delete medicine',
  fields: {
    name: 'Medicine Name',
    price: 'Price',
    tax: 'Tax',
    composition: 'Composition',
    dosageQty: 'Dosage Quantity',
    dosageQtyExample: 'e.g. 1 tablet, 5 ml',
    days: 'Days',
    instructions: 'Instructions',
    dosage: 'Dosage',
  },
  instructionSuggestions: ['After meal', 'Before meal'],
  dosageFlags: { is_morning: 'M', is_afternoon: 'A', is_evening: 'E', is_sos: 'SOS' },
} as const;

export const templateScreen = {
  title: 'Medicine Templates',
  description: 'Manage sets of medicines prescribed together',
  searchPlaceholder: 'Search templates',
  addLabel: 'Add Template',
  noMatch: (query: string) => `No templates match "${query}"`,
  empty: 'No templates found. Add your first medicine template!',
  addTitle: 'Add Medicine Template',
  editTitle: 'Edit Medicine Template',
  nameHeader: 'Template Name',
  medicinesHeader: 'Medicines',
  fetchError: 'Failed to fetch templates',
  saveError: 'Failed to save template',
  deleteError: 'Failed to delete template',
  fields: { name: 'Template Name', medicines: 'Medicines' },
  loadingMedicines: 'Loading medicines',
} as const;

/** The treatments list opened as `?list=treatments` (spec §2 "Each master list screen"). */
export const treatmentScreen = {
  title: 'Treatments',
  description: 'View and manage treatments',
  searchPlaceholder: 'Search treatments',
  addLabel: 'Add Treatment',
  empty: 'No treatments found. Add your first treatment!',
  noMatch: (query: string) => `No treatments match "${query}"`,
  addTitle: 'Add New Treatment',
  editTitle: 'Edit Treatment',
  nameHeader: 'Name',
  typeHeader: 'Type',
  priceHeader: 'Price',
  fetchError: 'Failed to fetch treatments',
  saveError: 'Failed to save treatment',
  deleteError: 'Failed to delete treatment',
  fields: { name: 'Treatment Name', price: 'Price', type: 'Type' },
  types: { SERVICE: 'Service', PRODUCT: 'Product' },
} as const;

/** The separate Treatment Masters page (spec §2 "Treatment Masters page", §5, §8). */
export const treatmentMastersScreen = {
  title: 'Treatment Masters',
  searchPlaceholder: 'Search treatments',
  addLabel: 'Add Treatment',
  empty: 'No Treatments Found',
  noMatch: (query: string) => `No treatments match "${query}"`,
  emptyHint: 'Click Add Treatment to add the first treatment your practice offers.',
  // Spec §2 names the add dialog only; an edit says so.
  addTitle: 'Add New Item',
  editTitle: 'Edit Item',
  nameHeader: 'Treatment Name',
  feesHeader: 'Fees (₹)',
  chartHeader: 'Chart',
  chartOf: (name: string) => `Chart for ${name}`,
  fetchError: 'Failed to fetch treatments',
  saveError: 'Failed to add treatment',
  deleteError: 'Failed to delete treatment',
  serviceTab: 'Service',
  fields: { name: 'Treatment name', fees: 'Fees (₹)', chart: 'Chart', type: 'Treatment type' },
  nameRequired: 'Treatment name is required',
  typeRequired: 'Treatment type is required when chart is enabled',
  fetchTypesError: 'Failed to fetch treatment types',
} as const;
