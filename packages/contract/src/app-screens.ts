/**
 * What the web app's frame says (spec §2): the loading and error screens, the public
 * pages' footer, the dashboard's app bar and navigation, and the pages that so far
 * only introduce themselves. A plain object file: the loading and error screens load
 * with the landing page, so this must not pull in zod or anything else heavy.
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

/** The signed-in shell: app bar, navigation drawer and the partner's location picker. */
export const dashboardTexts = {
  /** The navigation list's accessible name. */
  navigation: 'Dashboard',
  openNavigation: 'Open navigation',
  signOut: 'Sign out',
  retry: 'Retry',
  location: (locationName: string) => `Location: ${locationName}`,
  navigationItems: {
    bookings: 'Bookings',
    schedule: 'Schedule',
    settings: 'Settings',
    referrals: 'Referrals',
    payment: 'Payment',
    qrCode: 'QR Code',
    prescriptionMasters: 'Prescription Masters',
    treatmentMasters: 'Treatment Masters',
    bills: 'Bills',
  },
} as const;

/** A page's heading and the line under it. */
export interface PageIntro {
  title: string;
  description: string;
}

export const bookingsScreen: PageIntro = {
  title: 'Bookings',
  description:
    "The day's appointment queue for the selected location: who is booked, who has shown up, and new bookings.",
};

export const billsScreen: PageIntro = {
  title: 'Bills',
  description:
    "Find bills by patient name, phone number or date, and open a bill or a patient's bill history.",
};

export const paymentScreen: PageIntro = {
  title: 'Payment',
  description: 'Your wallet balance and recharges; each booking is charged to the wallet.',
};

/** The bill as the patient sees it (/bill/:id), and as the clinic checks it first (/bill-preview/:id). */
export const billViewScreen: PageIntro = {
  title: 'Bill',
  description: 'The bill as shared with the patient.',
};

export const billPreviewScreen: PageIntro = {
  title: 'Bill',
  description: 'Check the bill, then print it or send it to the patient.',
};

/** The prescription as the patient sees it (/prescription/:id), and as the clinic checks it first. */
export const prescriptionViewScreen: PageIntro = {
  title: 'Prescription',
  description: 'The prescription as shared with the patient.',
};

export const prescriptionPreviewScreen: PageIntro = {
  title: 'Prescription',
  description: 'Check the prescription, then print it or send it to the patient on WhatsApp.',
};
