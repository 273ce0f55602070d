/**
 * What the dental tab of a patient's page and the plan's estimate say (issue 22): the chart,
 * its legend and finding menu, a tooth's history, the treatment plans and their builder. The
 * sentences the API answers (refusals, saved) are in dental.ts. No zod here: the patient page
 * reads the tab's name from this file.
 */

/** The patient page's two views for a dental clinic; the address of the second ends in `/dental`. */
export const patientViewWords = {
  label: 'Patient views',
  history: 'History',
  dental: 'Dental',
} as const;

/** The names the chart and the menu give a surface. */
const surfaceNames = {
  M: 'mesial',
  D: 'distal',
  O: 'occlusal',
  I: 'incisal',
  B: 'buccal',
  F: 'facial',
  L: 'lingual',
  P: 'palatal',
} as const;

const conditionNames = {
  sound: 'Sound',
  caries: 'Caries',
  filling: 'Filling',
  crown: 'Crown',
  root_canal_treated: 'Root canal treated',
  missing: 'Missing',
  impacted: 'Impacted',
  implant: 'Implant',
  bridge_pontic: 'Bridge pontic',
  bridge_abutment: 'Bridge abutment',
  fracture: 'Fracture',
  mobility: 'Mobility',
  other: 'Other',
} as const;

/**
 * The letters a tooth carries under its drawing, one per condition, so the chart reads without
 * its colours (and in black and white on paper). Upper-case, apart from the surfaces' letters.
 */
const conditionCodes = {
  sound: 'Sd',
  caries: 'Ca',
  filling: 'Fi',
  crown: 'Cr',
  root_canal_treated: 'RCT',
  missing: 'X',
  impacted: 'Im',
  implant: 'Ip',
  bridge_pontic: 'Po',
  bridge_abutment: 'Ab',
  fracture: 'Fr',
  mobility: 'Mo',
  other: 'Ot',
} as const;

const stateNames = { existing: 'Existing', planned: 'Planned', completed: 'Completed' } as const;

/** The chart, its legend and its switches. */
export const dentalChartWords = {
  title: 'Dental chart',
  loading: 'Loading the dental chart',
  fetchFailed: 'Failed to fetch the dental chart',
  /** Said beside the chart when nothing is recorded yet. */
  empty: 'Nothing charted yet: pick a tooth to record what you find.',
  /** How the keyboard moves through the chart, said with it (aria-describedby) and under it. */
  keyboardHint:
    'Arrow keys move between teeth; Enter opens a tooth’s findings; a surface’s letter (M, D, O, I, B, F, L, P) moves to that surface of the tooth, Escape back to the tooth.',
  upperArch: 'Upper arch',
  lowerArch: 'Lower arch',
  /** The toggle between the arches on a phone, where one shows at a time. */
  archToggle: 'Arch shown',
  patientRight: 'Patient’s right',
  patientLeft: 'Patient’s left',
  mixedDentition: 'Mixed dentition',
  mixedDentitionFailed: 'Failed to change the dentition',
  numberingFdi: 'FDI numbering',
  numberingUniversal: 'Universal numbering',
  /** A tooth's button: "Tooth 36", then what the chart shows on it. */
  tooth: (number: string, shown: string | null) => (shown ? `Tooth ${number}: ${shown}` : `Tooth ${number}`),
  /** A surface's button: "Tooth 36 occlusal", then what the chart shows on it. */
  surface: (number: string, surface: keyof typeof surfaceNames, shown: string | null) =>
    `Tooth ${number} ${surfaceNames[surface]}${shown ? `: ${shown}` : ''}`,
  /** "Caries, planned". */
  finding: (condition: keyof typeof conditionNames, state: keyof typeof stateNames) =>
    `${conditionNames[condition]}, ${stateNames[state].toLowerCase()}`,
  legend: 'Legend',
  legendStates: 'States (colour and pattern)',
  legendConditions: 'Conditions (letters under a tooth)',
  legendMissing: 'A crossed tooth is missing',
  stateNames,
  /** How a state is drawn besides its colour, so the legend does not rest on colour alone. */
  statePatterns: { existing: 'solid', planned: 'striped', completed: 'dotted' },
  conditionCodes,
  conditionNames,
} as const;

/** The finding menu of a tooth: the new finding, and the tooth's history under it. */
export const findingMenuWords = {
  title: (tooth: string) => `Tooth ${tooth}`,
  addFinding: 'Add a finding',
  condition: 'Condition',
  state: 'State',
  states: stateNames,
  surfaces: 'Surfaces',
  surfacesHint: 'None ticked: the whole tooth',
  surfaceOption: (letter: string, surface: keyof typeof surfaceNames) =>
    `${letter} (${surfaceNames[surface]})`,
  material: 'Material',
  mobilityGrade: 'Mobility grade',
  grade: (grade: number) => `Grade ${grade}`,
  note: 'Note',
  save: 'Save finding',
  saveFailed: 'Failed to save the finding',
  saved: 'Finding saved',
  close: 'Close',
  conditionNames,
  history: 'History of this tooth',
  historyLoading: 'Loading the tooth’s history',
  historyFailed: 'Failed to fetch the tooth’s history',
  historyEmpty: 'Nothing recorded on this tooth yet',
  /** A line of the history: "Caries, planned · O, M". */
  historyLine: (finding: string, surfaces: string) => (surfaces ? `${finding} · ${surfaces}` : finding),
  wholeTooth: 'whole tooth',
  /** Under a line: "12/03/2026 · Dr Sushrut Kulkarni". */
  recorded: (date: string, by: string) => `${date} · ${by}`,
  voided: (by: string) => `Entered in error (marked by ${by})`,
  enteredInError: 'Entered in error',
  /** The button's name says which entry it marks. */
  enteredInErrorOf: (finding: string, date: string) => `Entered in error: ${finding} of ${date}`,
  voidFailed: 'Failed to mark the entry',
  voidedToast: 'Marked as entered in error',
} as const;

const planStatuses = { proposed: 'Proposed', accepted: 'Accepted', completed: 'Completed' } as const;

/** The treatment plans under the chart: the list, accepting, completing a sitting. */
export const treatmentPlanWords = {
  title: 'Treatment plans',
  loading: 'Loading the treatment plans',
  fetchFailed: 'Failed to fetch the treatment plans',
  empty: 'No treatment plans yet: New plan quotes the work before it starts.',
  newPlan: 'New plan',
  edit: 'Edit',
  /** The page that prints the plan as an estimate. */
  estimate: 'Estimate',
  statuses: planStatuses,
  validUntil: (date: string) => `Valid until ${date}`,
  /** The alternatives of a proposed plan, side by side, each with Accept. */
  alternatives: 'Alternatives',
  accept: 'Accept',
  acceptAlternative: (title: string) => `Accept ${title}`,
  acceptFailed: 'Failed to accept the alternative',
  acceptedToast: (title: string) => `${title} accepted`,
  sitting: (sitting: number) => `Sitting ${sitting}`,
  sittingDone: (date: string, by: string) => `Done ${date} · ${by}`,
  itemStatuses: { planned: 'Planned', completed: 'Completed' },
  billed: 'Billed',
  notBilled: 'Not billed',
  completedOn: (date: string) => `Completed ${date}`,
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  total: 'Total',
  money: { billed: 'Billed', paid: 'Paid', left: 'Left to pay' },
  completeSitting: 'Complete sitting',
  completeTitle: 'Complete sitting',
  completeItems: 'Work done in this sitting',
  sittingNote: 'Sitting note',
  sittingNoteHint: 'What was done, materials, next step',
  completeAction: 'Complete',
  completeFailed: 'Failed to complete the items',
  completedToast: 'Sitting completed: the chart is updated',
  pickAnItem: 'Tick the work done in this sitting',
  cancel: 'Cancel',
} as const;

/** The plan builder: a plan's title, validity and its alternatives side by side. */
export const planBuilderWords = {
  addTitle: 'New treatment plan',
  editTitle: 'Edit treatment plan',
  planTitle: 'Plan title',
  validUntil: 'Valid until',
  alternative: (index: number) => `Alternative ${index}`,
  alternativeTitle: 'Alternative title',
  /** The title a new alternative starts with. */
  alternativeDefault: (index: number) => `Option ${String.fromCharCode(64 + index)}`,
  addAlternative: 'Add alternative',
  removeAlternative: (title: string) => `Remove ${title}`,
  addTreatment: 'Add treatment',
  treatment: 'Treatment',
  price: 'Price (₹)',
  taxPercentage: 'Tax %',
  tooth: 'Tooth',
  noTooth: 'No tooth',
  surfaces: 'Surfaces',
  sitting: 'Sitting',
  removeItem: (name: string) => `Remove ${name}`,
  discount: 'Discount (₹)',
  subtotal: 'Subtotal',
  /** The discount among the totals. */
  discountLine: 'Discount',
  tax: 'Tax',
  total: 'Total',
  noItems: 'No treatments in this alternative yet: pick them in Add treatment.',
  save: 'Save plan',
  saveFailed: 'Failed to save the plan',
  addedToast: 'Treatment plan added',
  updatedToast: 'Treatment plan updated',
  fixErrors: 'Please correct these:',
  cancel: 'Cancel',
} as const;

/** The estimate's words live beside the patient's light page of it, which loads none of these. */
export { estimateWords } from './estimate-screens';
