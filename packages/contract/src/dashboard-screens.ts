/**
 * What the signed-in app says (spec §2): the dashboard's app bar, navigation and
 * location picker, and the pages that so far only introduce themselves (the printable
 * documents' words are in prescription-screens.ts and bill-screens.ts).
 * Kept apart from app-screens.ts so these words load with the dashboard, not with the
 * landing page.
 */

/** The signed-in shell: app bar, navigation drawer, the partner's location picker and the account menu. */
export const dashboardTexts = {
  /** The navigation list's accessible name. */
  navigation: 'Dashboard',
  openNavigation: 'Open navigation',
  /** The accessible name of the drawer that menu button opens on a phone. */
  navigationDrawer: 'Navigation',
  /** The account button's accessible name while the clinic loads; then `accountOf` names who is signed in. */
  account: 'Account',
  accountOf: (userName: string) => `Account: ${userName}`,
  /** Ends this device's session only. */
  signOut: 'Sign out',
  /** Ends the user's sessions on every phone and computer, this one included. */
  signOutEverywhere: 'Sign out of all devices',
  /** Shown above the reason when the other devices could not be signed out; this one stays signed in. */
  signOutEverywhereFailed: 'Your other devices are still signed in.',
  retry: 'Retry',
  location: (locationName: string) => `Location: ${locationName}`,
  navigationItems: {
    bookings: 'Bookings',
    patients: 'Patients',
    schedule: 'Schedule',
    settings: 'Settings',
    referrals: 'Referrals',
    payment: 'Payment',
    qrCode: 'QR Code',
    prescriptionMasters: 'Prescription Masters',
    treatmentMasters: 'Treatment Masters',
    bills: 'Bills',
    /** The clinic's booking website, opened in a new tab. */
    bookingWebsite: 'Booking website',
  },
  /** A page the signed-in role may not use, opened from its address (issue 23); the permission's refusal follows. */
  notForYourRole: 'Not for your role',
  backToBookings: 'Back to bookings',
  /** What a link that opens a new tab says to a screen reader after its name. */
  opensInNewTab: (label: string) => `${label} (opens in a new tab)`,
} as const;

/** The shell's patient search (issue 21): opened from the app bar, or with Ctrl+K or "/" on any screen. */
export const patientSearchTexts = {
  /** The app bar button's words (on a phone, its accessible name) and the search dialog's name. */
  open: 'Find a patient',
  /** Shown after `open` on the wide app bar's button. */
  shortcut: 'Ctrl K',
  field: 'Name, mobile or patient number',
  typeToSearch: 'Type a name, 3 or more digits of a mobile, or a patient number.',
  searching: 'Searching…',
  nothingFound: (term: string) => `No patient matches “${term}”.`,
  /** One or two digits find only a patient number: a mobile needs three. */
  moreDigits: (term: string) => `No patient number “${term}”. Type 3 or more digits to search mobiles.`,
  /** The list of matches' accessible name. */
  matches: 'Patients found',
  /** An offered patient's second line. */
  detail: (patientNumber: string, mobile: string) => `No. ${patientNumber} · ${mobile}`,
} as const;
