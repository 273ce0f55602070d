/**
 * What the web app's outer frame says (spec §2): the product's name, the pages' titles
 * in the browser tab, the loading and error screens and the public pages' footer. The
 * titles and the loading and error screens load with every page, the landing page
 * included, so this file stays a few plain strings: the dashboard's words live in
 * dashboard-screens.ts, and nothing here imports zod.
 */

/** The product's name, the one place it is written for the web app's screens. */
export const brandName = 'Vaidya';

/** The screens drawn before a page's code has arrived, or when it cannot arrive. */
export const loadingScreen = {
  /** The accessible name of the spinner shown while a page's data loads. */
  loading: 'Loading',
  /** The accessible name of the thin bar shown while the next page's code is fetched. */
  loadingPage: 'Loading page',
  routeErrorTitle: 'This page could not be loaded.',
  reload: 'Reload the page',
} as const;

/** The footer under every public page of the app shell. */
export const publicLayoutTexts = {
  contactUs: 'Contact us',
} as const;

/**
 * What the browser tab calls each page, shown as "Bookings · Vaidya" (the landing page
 * is the brand alone). A master list names itself after the list on view.
 */
export const pageTitles = {
  contactUs: 'Contact us',
  signIn: 'Sign in',
  signUp: 'Sign up',
  resetPassword: 'Reset password',
  newPassword: 'New password',
  prescription: 'Prescription',
  bill: 'Bill',
  estimate: 'Treatment estimate',
  receipt: 'Receipt',
  bookings: 'Bookings',
  patients: 'Patients',
  patient: 'Patient',
  patientDuplicates: 'Likely duplicates',
  schedule: 'Schedule',
  settings: 'Settings',
  staff: 'Staff',
  doctorProfile: 'Doctor profile',
  referrals: 'Referrals',
  payment: 'Payment',
  qrCode: 'QR Code',
  prescriptionMasters: 'Prescription Masters',
  consultation: 'Consultation',
  bills: 'Bills',
  billEditor: 'Bill',
  auditTrail: 'Audit trail',
  reports: 'Reports',
  dayClose: 'Close day',
} as const;
