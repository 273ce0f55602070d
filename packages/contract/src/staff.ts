import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { indianMobileSchema } from './mobile';
import { userRoleSchema } from './partner';
import { requiredText, text } from './text';
import { uploadKeySchema } from './uploads';

/**
 * The clinic's staff (issue 23, decision 047): who signs in, with what role, at which locations;
 * a doctor's profile printed on their prescriptions. Owners manage staff; each doctor keeps
 * their own profile.
 */
export const staffStatuses = ['active', 'invited', 'disabled'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

/** How long a one-time password an owner hands over signs in. */
export const temporaryPasswordDays = 7;

export const staffMessages = {
  added: 'Staff member added successfully',
  updated: 'Staff member updated successfully',
  passwordReset: 'A new one-time password was issued',
  disabled: 'Staff member disabled; their sessions have ended',
  enabled: 'Staff member enabled',
  profileUpdated: 'Doctor profile updated successfully',
  noLocations: 'Choose at least one location',
  lastOwner: 'The clinic must keep at least one active owner. Make another person an owner first.',
  ownSelf: 'You cannot disable yourself',
  emailTaken: 'Someone with this email already signs in to Vaidya',
  identitySubjectNeeded: 'Identity subject (sub) is required: the user pool’s id of this person',
  identitySubjectTaken: 'This user pool identity is already linked to someone',
  identitySubjectInvalid:
    'Identity subject (sub) must be the user pool’s id of this person, a UUID like 3f0c4a52-5b1e-4c2a-9d8e-1a2b3c4d5e6f',
  noPasswordsHere: 'This clinic signs in at its own user pool: reset the password there',
  notOwnProfile: 'Only the clinic owner may change another person’s doctor profile',
  unknownLocation: 'One of the chosen locations is not a location of this clinic',
} as const;

/** A member of staff as the owner's list shows them. */
export const staffMemberSchema = z.object({
  user_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  role: userRoleSchema,
  /** The locations they work at; an owner's are all of the clinic's. */
  location_ids: z.array(z.uuid()),
  status: z.enum(staffStatuses),
  last_signed_in_at: z.string().nullable(),
  /** Until when their one-time password signs in; null once they chose their own. */
  temporary_password_expires_at: z.string().nullable(),
  qualification: z.string().nullable(),
  registration_council: z.string().nullable(),
  registration_number: z.string().nullable(),
  signature_url: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const locationIds = z.array(z.uuid(), { error: staffMessages.noLocations }).max(50);
const email = z.email({ error: 'Email must be an email address, like asha@clinic.in' }).max(254);

export const addStaffBody = z.object({
  name: requiredText({ label: 'Name', max: 100 }),
  email,
  mobile: indianMobileSchema.optional(),
  role: userRoleSchema,
  locationIds,
  /** With an external user pool (IDENTITY_ISSUER): the pool user's `sub`, linked instead of a password. */
  identitySubject: z.uuid({ error: staffMessages.identitySubjectInvalid }).optional(),
});
export type AddStaffBody = z.input<typeof addStaffBody>;

export const updateStaffBody = z.object({
  userId: z.uuid(),
  role: userRoleSchema.optional(),
  locationIds: locationIds.optional(),
  name: requiredText({ label: 'Name', max: 100 }).optional(),
});
export type UpdateStaffBody = z.input<typeof updateStaffBody>;

export const staffUserBody = z.object({ userId: z.uuid() });

export const doctorProfileBody = z.object({
  /** Absent: the caller's own profile. */
  userId: z.uuid().optional(),
  qualification: text({ label: 'Qualification', max: 200 }),
  registrationCouncil: text({ label: 'Registration council', max: 200 }),
  registrationNumber: text({ label: 'Registration number', max: 50 }),
  /** An uploaded signature image; absent keeps the one there, null removes it. */
  signature: uploadKeySchema('Signature image').nullable().optional(),
});
export type DoctorProfileBody = z.input<typeof doctorProfileBody>;

/** A member added or given a new password: the one-time password to hand over, shown once (null when an external pool signs them in). */
export const staffWithPasswordResponse = dataEnvelope(
  z.object({ member: staffMemberSchema, temporary_password: z.string().nullable() }),
);
export const staffMemberResponse = dataEnvelope(staffMemberSchema);

const tags = ['staff'] as const;

export const staffEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/staff/get-staff',
    summary: 'The clinic’s staff: name, email, role, locations, last sign-in and status',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    response: dataEnvelope(z.array(staffMemberSchema)),
  }),
  add: endpoint({
    method: 'POST',
    path: '/staff/add-staff',
    summary: 'Adds a member of staff; answers the one-time password to hand over, valid 7 days',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: addStaffBody,
    response: staffWithPasswordResponse,
    status: 201,
    refusals: [404, 409, 422],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/staff/update-staff',
    summary: 'Changes a member’s role, locations or name; the change applies on their next call',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: updateStaffBody,
    response: staffMemberResponse,
    refusals: [404, 409, 422],
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: '/staff/reset-password',
    summary: 'Issues a new one-time password for a member, ending their sessions',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: staffUserBody,
    response: staffWithPasswordResponse,
    refusals: [404, 409],
  }),
  disable: endpoint({
    method: 'PUT',
    path: '/staff/disable-staff',
    summary: 'Disables a member: their sessions end at once and they cannot sign in',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: staffUserBody,
    response: staffMemberResponse,
    refusals: [404, 409],
  }),
  enable: endpoint({
    method: 'PUT',
    path: '/staff/enable-staff',
    summary: 'Enables a disabled member again',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: staffUserBody,
    response: staffMemberResponse,
    refusals: [404],
  }),
  updateDoctorProfile: endpoint({
    method: 'PUT',
    path: '/staff/update-doctor-profile',
    summary:
      'A doctor’s qualification, registration council and number and signature, printed on their prescriptions (an owner may change anyone’s)',
    tags,
    access: 'signed-in',
    body: doctorProfileBody,
    response: staffMemberResponse,
    refusals: [404, 415, 422],
  }),
};
