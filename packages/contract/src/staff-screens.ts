import { pageTitles } from './app-screens';
import { type StaffStatus, temporaryPasswordDays } from './staff';

/**
 * What the Staff screen, the doctor profile and the role-aware parts of the dashboard say
 * (issue 23, decision 047). The server's own sentences live in staff.ts and roles.ts.
 */
export const staffScreenTexts = {
  title: pageTitles.staff,
  description: 'Who signs in to your clinic, with what role and at which locations.',
  list: 'Staff members',
  listDescription:
    'Edit changes a name, role or locations; the menu beside it opens their doctor profile, gives a new one-time password, or disables them.',
  add: 'Add staff',
  fetchError: 'Failed to load staff',
  empty: 'Nobody else signs in yet. Add your doctors and front desk here.',
  you: '(you)',
  allLocations: 'All locations',
  neverSignedIn: 'Never signed in',
  lastSignedIn: (when: string) => `Last signed in ${when}`,
  statuses: {
    active: 'Active',
    invited: 'Not signed in yet',
    disabled: 'Disabled',
  } satisfies Record<StaffStatus, string>,
  actionsOf: (name: string) => `Actions for ${name}`,
  editNamed: (name: string) => `Edit ${name}`,
  doctorProfile: 'Doctor profile',
  resetPassword: 'Reset password',
  disable: 'Disable',
  enable: 'Enable',
  actionError: 'Failed to change this staff member',
  form: {
    addTitle: 'Add staff',
    editTitle: 'Edit staff member',
    name: 'Name',
    email: 'Email',
    emailHint: 'They sign in with this email.',
    mobile: 'Mobile (optional)',
    role: 'Role',
    roleHints: {
      owner: 'Everything, including settings, staff and the wallet.',
      doctor: 'Prescriptions, dental charts, bills and the schedule of their own queues.',
      front_desk: 'Bookings, patients and bills; prescriptions to view, print and send.',
    },
    locations: 'Locations',
    locationsHint: 'The bookings, bills and reports they see are those of these locations.',
    ownerLocations: 'An owner works at every location.',
    saveError: 'Failed to save the staff member',
  },
  oneTimePassword: {
    title: 'One-time password',
    lead: (name: string) => `Hand this password to ${name} in person or by phone.`,
    body: `It works for ${temporaryPasswordDays} days. They choose their own password the first time they sign in. This is the only time it is shown.`,
    label: 'One-time password',
    copy: 'Copy password',
    copied: 'Password copied',
    copyFailed: 'Could not copy; select the password and copy it yourself.',
    done: 'Done',
  },
  confirmReset: {
    title: (name: string) => `Give ${name} a new one-time password?`,
    body: 'Their present password stops working and they are signed out on every device.',
    confirm: 'Reset password',
  },
  confirmDisable: {
    title: (name: string) => `Disable ${name}?`,
    body: 'They are signed out at once on every device and cannot sign in until you enable them again.',
    confirm: 'Disable',
  },
  confirmEnable: {
    title: (name: string) => `Enable ${name}?`,
    body: 'They can sign in again with their password.',
    confirm: 'Enable',
  },
  cancel: 'Cancel',
} as const;

/** The Settings page's way to the Staff screen and to the doctor profile. */
export const staffSettingsTexts = {
  title: 'Staff and roles',
  description:
    'Add your doctors and front desk, choose their roles and locations, and reset their passwords.',
  open: 'Manage staff',
  profile: 'Your doctor profile',
} as const;

/** The doctor profile (/dashboard/settings/profile), printed on the prescriptions a doctor writes. */
export const doctorProfileTexts = {
  title: pageTitles.doctorProfile,
  titleOf: (name: string) => `Doctor profile: ${name}`,
  description:
    'Printed on the prescriptions you write: your qualification, registration council and number, and your signature.',
  qualification: 'Qualification',
  qualificationHint: 'Like BDS, MDS (Orthodontics)',
  cardDescription: 'Save the three lines below; a signature is saved as soon as it is uploaded.',
  registrationCouncil: 'Registration council',
  registrationCouncilHint: 'Like Maharashtra State Dental Council',
  registrationNumber: 'Registration number',
  registrationNumberHint: 'Printed on every prescription you write, as the National Medical Commission asks.',
  signature: 'Signature',
  signatureHint: 'A picture of your signature on white paper, printed at the foot of your prescriptions.',
  signatureAlt: 'Signature',
  noSignature: 'No signature yet; the clinic’s signature is printed instead.',
  uploadSignature: 'Upload signature',
  replaceSignature: 'Replace signature',
  removeSignature: 'Remove signature',
  uploading: 'Uploading…',
  save: 'Save',
  saveError: 'Failed to save the doctor profile',
  fetchError: 'Failed to load this doctor profile',
  notFound: 'This person is not on your staff.',
  backToStaff: 'Back to staff',
} as const;

/** A queue's doctor in Settings' queue form: the doctor whose schedule it is (issue 23). */
export const queueDoctorTexts = {
  doctor: 'Doctor',
  none: 'None',
  hint: 'A doctor may change the timings and off-days of their own queues.',
  ofQueue: (minutes: string, doctorName: string) => `${minutes} · ${doctorName}`,
} as const;
