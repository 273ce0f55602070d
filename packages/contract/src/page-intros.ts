/**
 * Each dashboard page's heading and the line under it (spec §2). Apart from the dashboard's
 * other words: the route table in the entry chunk shows them while a page's code arrives, so
 * every page, the light ones too, carries these and nothing more of the dashboard's.
 */

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

export const scheduleScreen: PageIntro = {
  title: 'Schedule',
  description: 'Locations and their queues, with opening timings, slot sizes and off days.',
};

export const settingsScreen: PageIntro = {
  title: 'Settings',
  description:
    'Your practice details and images, and the header, signature and footer printed on prescriptions.',
};

export const referralsScreen: PageIntro = {
  title: 'Referrals',
  description: 'Referrals made through your practice.',
};

export const qrCodeScreen: PageIntro = {
  title: 'QR Code of your website',
  description: 'A QR code that links to your website address, to download and print.',
};

/** The same on every plan: what a booking costs is said under the figures, and only on a plan that charges. */
export const paymentScreen: PageIntro = {
  title: 'Payment',
  description: 'Your wallet balance, its recharges, and its credits and debits.',
};
