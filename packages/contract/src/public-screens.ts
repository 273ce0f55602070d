import { brandName } from './app-screens';

/**
 * What the pages a visitor sees before signing in say (spec §1 lead capture, §2): the
 * landing page, its contact popup and the Contact us page. A plain object file: the
 * landing page imports it and must stay light, so no zod and nothing else heavy here.
 */

/** The landing page (spec §2). */
export const landingScreen = {
  title: brandName,
  intro:
    'Run your clinic from one screen: appointments and queues, prescriptions, bills and WhatsApp messages to patients, made for clinics in India.',
  requestCallBack: 'Request a call back',
  signIn: 'Sign in',
  newClinic: 'New clinic?',
  createAccount: 'Create an account',
  contactUs: 'Contact us',
  /** What the app does, one card each; the page draws a matching icon beside each title. */
  highlights: {
    appointments: {
      title: 'Appointments and queues',
      text: 'Patients book a slot; your reception sees the day’s queue and who has arrived.',
    },
    prescriptions: {
      title: 'Prescriptions',
      text: 'Write them from your own lists of complaints, diagnoses and medicines, then print.',
    },
    bills: {
      title: 'Bills',
      text: 'Bill treatments and medicines with tax, and see what each patient still owes.',
    },
    whatsApp: {
      title: 'WhatsApp',
      text: 'Send the prescription or bill to the patient’s phone in one tap.',
    },
  },
} as const;

/** The landing page's contact popup. */
export const leadDialogTexts = {
  title: 'Request a call back',
  close: 'Close',
  intro: `Leave your number and the ${brandName} team will call you to set up your clinic.`,
} as const;

/** The lead form, in the popup and on the Contact us page. Its checks' sentences live in leads.ts. */
export const leadFormTexts = {
  phoneNumber: 'Phone number',
  phoneNumberHint: '10-digit mobile number; we call you on this',
  /** Shown before the 10 digits; the number is always an Indian mobile. */
  countryCode: '+91',
  name: 'Name',
  specialty: 'Speciality',
  specialtyHint: 'For example Dentist or Physiotherapist',
  location: 'Location',
  locationHint: 'City or area of your clinic, like Kothrud, Pune',
  submit: 'Request a call back',
} as const;

/** The Contact us page. */
export const contactUsScreen = {
  title: 'Contact us',
  description: `Leave your details and the ${brandName} team will get in touch about setting up your clinic.`,
  howWeHelp:
    'We will call you to understand how your clinic works and help you set it up: your locations and queues, your lists of medicines and treatments, and your bills.',
  alreadyUsing: `Already using ${brandName}?`,
  signIn: 'Sign in',
  startOnYourOwn: 'Want to start on your own?',
  createAccount: 'Create an account',
} as const;
