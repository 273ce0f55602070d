/**
 * Who may do what in a clinic (issue 23, decision 047). A person has one role, chosen by an
 * owner; an endpoint names the permission it needs (`permission` in endpoint.ts) and the API
 * answers 403 `ROLE_FORBIDDEN` with the permission's sentence to a role without it. The web
 * app reads the same table to hide what a role cannot do.
 */
export const userRoles = ['owner', 'doctor', 'front_desk'] as const;
export type UserRole = (typeof userRoles)[number];

export const roleLabels: Record<UserRole, string> = {
  owner: 'Owner',
  doctor: 'Doctor',
  front_desk: 'Front desk',
};

/**
 * Each permission: the roles that have it and what the others are told. Everything no
 * permission names (bookings, walk-ins, the queue, patients' demographics, creating bills and
 * recording payments, reading masters and the schedule, sending documents) every role may do.
 */
export const permissions = {
  /** Writing and changing prescriptions, the dental chart and treatment plans. */
  clinicalRecords: {
    roles: ['owner', 'doctor'],
    refusal:
      'Only a doctor or the owner may write or change prescriptions, dental charts and treatment plans.',
  },
  /** Changing the medicine, template, treatment and other lists. */
  masters: {
    roles: ['owner', 'doctor'],
    refusal: 'Only a doctor or the owner may change the medicine, template and treatment lists.',
  },
  /** Timings, off-days and slot sizes: a doctor those of the queues they are the doctor of. */
  schedule: {
    roles: ['owner', 'doctor'],
    refusal: 'Only a doctor or the owner may change the schedule and off-days.',
  },
  /** Settings, staff, locations and queues, the wallet and payments, referrals, the website, TVs and the patient list as a file. */
  clinicAdministration: {
    roles: ['owner'],
    refusal:
      'Only the clinic owner may change settings, staff, the wallet, referrals, the website or TVs, or export and import the patient list.',
  },
  /** Editing a bill after the day it was made, and deleting one. */
  billCorrections: {
    roles: ['owner'],
    refusal: 'Only the clinic owner may edit a bill after the day it was made or delete a bill.',
  },
  /** The audit trail: an owner all of it, a doctor their own actions. */
  auditTrail: {
    roles: ['owner', 'doctor'],
    refusal: 'Only the clinic owner or a doctor may see the audit trail.',
  },
  /** The reports: collections, dues, visits, treatments and medicines (issue 24). */
  reports: {
    roles: ['owner', 'doctor'],
    refusal: 'Only the clinic owner or a doctor may see reports.',
  },
  /** Reopening a closed day so its bills and payments may change (issue 24); every role closes one. */
  dayReopen: {
    roles: ['owner'],
    refusal: 'Only the clinic owner may reopen a closed day.',
  },
} as const satisfies Record<string, { roles: readonly UserRole[]; refusal: string }>;

export type Permission = keyof typeof permissions;

/** Whether `role` has `permission`; everything no permission names every role may do. */
export function roleMay(role: UserRole, permission: Permission | undefined): boolean {
  return permission === undefined || (permissions[permission].roles as readonly UserRole[]).includes(role);
}

export const roleMessages = {
  /** A doctor changing the schedule of a queue that is not theirs. */
  notYourQueue: 'A doctor may change the schedule only of the queues they are the doctor of.',
  /** A non-owner moving a queue to another doctor. */
  queueDoctorOwnerOnly: 'Only the clinic owner may choose the doctor of a queue.',
  /** A member of staff asking for a location they do not work at. */
  notYourLocation: 'You do not work at this location. Ask the clinic owner to add it to your locations.',
  /** The wallet guard to a role that may not recharge. */
  askOwnerToRecharge: 'Ask the clinic owner to recharge',
} as const;
