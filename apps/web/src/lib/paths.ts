/** Addresses the app links or redirects to from more than one place (spec §2). */
export const paths = {
  landing: '/',
  contactUs: '/contact-us',
  signIn: '/signin',
  signUp: '/sign-up-secure',
  resetPassword: '/reset-password',
  newPassword: '/new-password',
  dashboardHome: '/dashboard/bookings',
  /** The registry; a patient's page is `${patients}/:id`. */
  patients: '/dashboard/patients',
  /** The records that look like one patient, each pair with its Merge. */
  patientDuplicates: '/dashboard/patients/duplicates',
  payment: '/dashboard/payment',
  settings: '/dashboard/settings',
  /** Settings → Staff, for owners (issue 23). */
  staff: '/dashboard/settings/staff',
  /** The signed-in person's doctor profile; an owner opens another's with `?user=<id>`. */
  doctorProfile: '/dashboard/settings/profile',
  consultation: '/dashboard/consultation',
  billEditor: '/dashboard/bill-editor',
  /** A receipt of a payment against dues, printable: `${receipt}/:id`. */
  receipt: '/dashboard/receipt',
  /** The clinic's audit trail, for owners and doctors (issue 23). */
  audit: '/dashboard/audit',
  /** The reports, for owners and doctors (issue 24); each report is `${reports}/<view>`. */
  reports: '/dashboard/reports',
  /** The waiting-room TV's own page. */
  tv: '/tv',
} as const;

/** A patient's page, where every patient name in the dashboard leads. */
export const patientPagePath = (patientId: string) => `${paths.patients}/${patientId}`;

/** A dentist's view of the patient: the chart and the treatment plans (issue 22). */
export const patientDentalPath = (patientId: string) => `${patientPagePath(patientId)}/dental`;

/** The acts on a patient's records, the patient page's Audit view (issue 23). */
export const patientAuditPath = (patientId: string) => `${patientPagePath(patientId)}/audit`;

/** A patient's treatment plan as its estimate, a page of its own to print and send. */
export const planEstimatePath = (patientId: string, planId: string) =>
  `${patientPagePath(patientId)}/plans/${planId}/estimate`;

/** A member of staff's doctor profile, as an owner opens it from the staff list. */
export const doctorProfilePath = (userId: string) => `${paths.doctorProfile}?user=${userId}`;
