import { websiteNameExamples, websiteNameMaxLength, websiteNamePartMaxLength } from './website-name';

/**
 * What the Settings page's clinic profile and image rows say (spec §2 "settings", §8 uploads).
 * The server's own sentences live in partner.ts and uploads.ts.
 */
export const clinicProfileTexts = {
  title: 'Clinic profile',
  description: 'Your clinic’s name and speciality, and the photos patients see on your booking website.',
  name: 'Clinic name',
  speciality: 'Speciality',
  save: 'Save',
  saveError: 'Failed to save clinic details',
  profileImages: 'Clinic photos',
  websiteName: 'Website name',
  /** The rule `editPartnerDetailsBody` applies, in words (website-name.ts holds both). */
  websiteNameHint: (origin: string) =>
    `Your booking website and QR code: ${origin}/site/<website name>. ` +
    `Lower-case letters, digits and dashes, like ${websiteNameExamples.plain}; dots may join parts, like ${websiteNameExamples.inParts}. ` +
    `Each part starts and ends with a letter or digit; at most ${websiteNamePartMaxLength} characters a part, ${websiteNameMaxLength} in all.`,
  domainUrl: 'Own website address (optional)',
  domainUrlHint: 'Like https://smile-dental.in, when your own domain points to Vaidya.',
  bookingWindowDays: 'Online booking window (days)',
  bookingWindowDaysHint:
    'How many days ahead patients can book on your booking website, from 1 to 365. Your front desk can book further ahead.',
  toothNumbering: 'Tooth numbering on the dental chart',
  toothNumberingHint: 'How the chart shows tooth numbers. The records always keep FDI numbers.',
  toothNumberings: { FDI: 'FDI (11–48)', UNIVERSAL: 'Universal (1–32)' },
  printDentalChart: 'Print the dental chart on prescriptions',
} as const;

export const imageListTexts = {
  add: 'Add image',
  uploading: 'Uploading…',
  empty: 'No images yet.',
  imageAlt: (label: string, position: number) => `${label} ${position}`,
  deleteNamed: (label: string, position: number) => `Delete ${label} ${position}`,
  deleteError: 'Failed to delete image',
} as const;

export const locationImagesTexts = {
  title: 'Location photos',
  description: 'Photos of each place you see patients, shown on your booking website.',
  imagesOf: (locationName: string) => `Photos of ${locationName}`,
  empty: 'Add a location first; its photos are set here.',
} as const;

/** The booking website's address, opened in a new tab, with its Copy link button (Settings and the QR code page). */
export const websiteLinkTexts = {
  yourWebsite: 'Your booking website:',
  copyLink: 'Copy link',
  copied: 'Link copied',
  /** This browser lets no page write to the clipboard (a page on plain http, say): the address is selected instead. */
  selected: 'The link is selected: press Ctrl+C (on a phone, tap Copy) to copy it.',
} as const;
