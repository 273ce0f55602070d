import type { AuditAction } from '@vaidya/contract/audit';
import type { UserRole } from '@vaidya/contract/roles';
import {
  type addStaffBody,
  type doctorProfileBody,
  type StaffMember,
  staffMessages,
  type staffUserBody,
  temporaryPasswordDays,
  type updateStaffBody,
} from '@vaidya/contract/staff';
import { fileUrl } from '@vaidya/contract/uploads';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { type AuditEntry, recordAuditEvent } from '../audit/audit-trail';
import type { UploadsService } from '../uploads/uploads.service';
import { hashPassword, newTemporaryPassword } from './credentials';
import { clearSignInFailures, insertUser, revokeUserSessions } from './identity.repository';
import {
  clinicLocationIds,
  clinicLocationsAmong,
  countActiveOwners,
  findStaffRow,
  isIdentitySubjectLinked,
  listStaffRows,
  lockStaffChanges,
  type StaffRow,
  setUserLocations,
  updateStaffUser,
} from './identity.staff.repository';
import { passwordProblem } from './password-policy';

type AddStaff = z.output<typeof addStaffBody>;
type UpdateStaff = z.output<typeof updateStaffBody>;
type StaffUser = z.output<typeof staffUserBody>;
type DoctorProfile = z.output<typeof doctorProfileBody>;

/** Stands for "no password": not an argon2 hash, so no password ever matches it. */
const noPassword = '!';

const dayMs = 24 * 60 * 60 * 1000;

/** A stored E.164 Indian mobile as the screens show mobiles: its ten digits. */
const mobileOf = (phoneNumber: string | null) =>
  phoneNumber && /^\+91\d{10}$/.test(phoneNumber) ? phoneNumber.slice(3) : phoneNumber;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Whether the member can act as the clinic's owner now: an owner, enabled, with a password of their own. */
const isActiveOwner = (row: Pick<StaffRow, 'role' | 'disabled_at' | 'status'>) =>
  row.role === 'owner' && row.disabled_at === null && row.status !== 'FORCE_CHANGE_PASSWORD';

/** A member as the owner's list shows them; an owner works at every one of `clinicLocations`. */
function toMember(row: StaffRow, clinicLocations: readonly string[]): StaffMember {
  return {
    user_id: row.id,
    name: row.name,
    email: row.email,
    mobile: mobileOf(row.phone_number),
    role: row.role,
    location_ids: row.role === 'owner' ? [...clinicLocations] : row.location_ids,
    status: row.disabled_at ? 'disabled' : row.status === 'FORCE_CHANGE_PASSWORD' ? 'invited' : 'active',
    last_signed_in_at: iso(row.last_signed_in_at),
    temporary_password_expires_at: iso(row.temporary_password_expires_at),
    qualification: row.qualification,
    registration_council: row.registration_council,
    registration_number: row.registration_number,
    signature_url: row.signature_url ? fileUrl(row.signature_url) : null,
  };
}

/** The fields of `after` that differ from `before`, as they were and as they are; null when none does. */
function changesOf<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changed = (Object.keys(after) as (keyof T)[]).filter(
    (key) => after[key] !== undefined && JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

const blankToNull = (value: string) => (value === '' ? null : value);

/**
 * The clinic's staff (issue 23, decision 047): owners add people with a role and the locations
 * they work at, change them, issue one-time passwords, disable and enable them; the clinic keeps
 * an active owner. With an external user pool (`externalPool`) people sign in there: a new member
 * is linked by the pool's `sub` and no password is kept here. Every change is audited with it.
 */
export function createStaffService({
  db,
  clock,
  uploads,
  externalPool,
}: {
  db: Db;
  clock: Clock;
  uploads: UploadsService;
  externalPool: boolean;
}) {
  /** A one-time password that meets the password policy, its hash, and until when it signs in. */
  async function temporaryPassword(about: { email: string; names: string[] }, now: Date) {
    let password = newTemporaryPassword();
    // Random groups nearly always pass; one that happens to spell a word is drawn again.
    while (passwordProblem(password, about)) password = newTemporaryPassword();
    return {
      password,
      hash: await hashPassword(password),
      expiresAt: new Date(now.getTime() + temporaryPasswordDays * dayMs),
    };
  }

  /** The locations a member of `role` keeps: none stored for an owner; at least one of the clinic's otherwise. */
  async function locationsFor(tx: Db, partnerId: string, role: UserRole, locationIds: readonly string[]) {
    if (role === 'owner') return [];
    const chosen = [...new Set(locationIds)];
    if (chosen.length === 0) throw new AppError('BUSINESS_RULE', staffMessages.noLocations);
    const known = await clinicLocationsAmong(tx, partnerId, chosen);
    if (known.length !== chosen.length) throw new AppError('NOT_FOUND', staffMessages.unknownLocation);
    return chosen.sort();
  }

  async function requireMember(tx: Db, caller: Caller, userId: string) {
    const row = await findStaffRow(tx, { partnerId: caller.partnerId, userId });
    if (!row) throw notFound('Staff member');
    return row;
  }

  /** Refuses a change that would leave the clinic with no active owner. */
  async function keepAnOwner(tx: Db, caller: Caller, row: StaffRow) {
    if (!isActiveOwner(row)) return;
    if ((await countActiveOwners(tx, { partnerId: caller.partnerId, exceptUserId: row.id })) === 0) {
      throw new AppError('CONFLICT', staffMessages.lastOwner);
    }
  }

  async function memberOf(tx: Db, caller: Caller, userId: string) {
    const [row, clinicLocations] = await Promise.all([
      requireMember(tx, caller, userId),
      clinicLocationIds(tx, caller.partnerId),
    ]);
    return toMember(row, clinicLocations);
  }

  const audit = (
    tx: Db,
    caller: Caller,
    action: AuditAction,
    userId: string,
    changes?: AuditEntry['changes'],
  ) => recordAuditEvent(tx, caller, { action, recordType: 'staff', recordId: userId, changes });

  /** Disables or enables a member, ending their sessions when disabling; audited when it changes anything. */
  async function setDisabled(caller: Caller, userId: string, disabled: boolean) {
    return db.transaction(async (tx) => {
      await lockStaffChanges(tx, caller.partnerId);
      const row = await requireMember(tx, caller, userId);
      if (disabled === (row.disabled_at !== null)) return memberOf(tx, caller, userId);
      const now = clock();
      if (disabled) await keepAnOwner(tx, caller, row);
      await updateStaffUser(tx, userId, { disabled_at: disabled ? now : null, updated_at: now });
      if (disabled) await revokeUserSessions(tx, userId, now);
      await audit(tx, caller, disabled ? 'disabled' : 'enabled', userId);
      return memberOf(tx, caller, userId);
    });
  }

  return {
    async list({ caller }: { caller: Caller }): Promise<StaffMember[]> {
      const [rows, clinicLocations] = await Promise.all([
        listStaffRows(db, caller.partnerId),
        clinicLocationIds(db, caller.partnerId),
      ]);
      return rows.map((row) => toMember(row, clinicLocations));
    },

    /** A new member and the one-time password to hand over (none with an external pool). */
    async add({ caller, payload }: { caller: Caller; payload: AddStaff }) {
      const email = payload.email.trim().toLowerCase();
      const subject = payload.identitySubject?.toLowerCase();
      if (externalPool && !subject) throw new AppError('BUSINESS_RULE', staffMessages.identitySubjectNeeded);
      const now = clock();
      const password = externalPool ? null : await temporaryPassword({ email, names: [payload.name] }, now);
      try {
        return await db.transaction(async (tx) => {
          const locationIds = await locationsFor(tx, caller.partnerId, payload.role, payload.locationIds);
          if (subject && (await isIdentitySubjectLinked(tx, subject))) {
            throw new AppError('CONFLICT', staffMessages.identitySubjectTaken);
          }
          const userId = await insertUser(tx, {
            partner_id: caller.partnerId,
            email,
            name: payload.name,
            phone_number: payload.mobile ? `+91${payload.mobile}` : null,
            role: payload.role,
            password_hash: password?.hash ?? noPassword,
            status: password ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
            temporary_password_expires_at: password?.expiresAt ?? null,
            identity_subject: subject ?? null,
            password_changed_at: now,
            created_at: now,
            updated_at: now,
          });
          await setUserLocations(tx, { userId, partnerId: caller.partnerId, locationIds });
          await audit(tx, caller, 'created', userId, {
            after: { name: payload.name, email, role: payload.role, location_ids: locationIds },
          });
          return {
            member: await memberOf(tx, caller, userId),
            temporary_password: password?.password ?? null,
          };
        });
      } catch (error) {
        if (isUniqueViolationOf(error, 'users_email_key')) {
          throw new AppError('CONFLICT', staffMessages.emailTaken);
        }
        if (isUniqueViolationOf(error, 'users_identity_subject_key')) {
          throw new AppError('CONFLICT', staffMessages.identitySubjectTaken);
        }
        throw error;
      }
    },

    /** A member's role, locations or name; the clinic keeps an active owner. Applies on their next call. */
    async update({ caller, payload }: { caller: Caller; payload: UpdateStaff }): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        await lockStaffChanges(tx, caller.partnerId);
        const row = await requireMember(tx, caller, payload.userId);
        const role = payload.role ?? row.role;
        if (role !== 'owner') await keepAnOwner(tx, caller, row);
        const locationIds =
          payload.locationIds !== undefined || role !== row.role
            ? await locationsFor(tx, caller.partnerId, role, payload.locationIds ?? row.location_ids)
            : row.location_ids;
        const changes = changesOf(
          { name: row.name, role: row.role, location_ids: row.location_ids },
          { name: payload.name, role, location_ids: locationIds },
        );
        if (!changes) return memberOf(tx, caller, row.id);
        const now = clock();
        await updateStaffUser(tx, row.id, { name: payload.name ?? row.name, role, updated_at: now });
        if ('location_ids' in changes.after) {
          await setUserLocations(tx, { userId: row.id, partnerId: caller.partnerId, locationIds });
        }
        await audit(tx, caller, 'updated', row.id, changes);
        return memberOf(tx, caller, row.id);
      });
    },

    /** A new one-time password for a member: they must choose their own again, and their sessions end. */
    async resetPassword({ caller, payload }: { caller: Caller; payload: StaffUser }) {
      if (externalPool) throw new AppError('CONFLICT', staffMessages.noPasswordsHere);
      const row = await requireMember(db, caller, payload.userId);
      const now = clock();
      const password = await temporaryPassword({ email: row.email, names: [row.name] }, now);
      return db.transaction(async (tx) => {
        await updateStaffUser(tx, row.id, {
          password_hash: password.hash,
          status: 'FORCE_CHANGE_PASSWORD',
          temporary_password_expires_at: password.expiresAt,
          password_changed_at: now,
          updated_at: now,
        });
        await revokeUserSessions(tx, row.id, now);
        // Failed guesses at the old password do not lock out the new one.
        await clearSignInFailures(tx, row.email);
        await audit(tx, caller, 'password_reset', row.id);
        return { member: await memberOf(tx, caller, row.id), temporary_password: password.password };
      });
    },

    /** Their sessions end at once and they cannot sign in; not the caller, nor the last active owner. */
    async disable({ caller, payload }: { caller: Caller; payload: StaffUser }): Promise<StaffMember> {
      if (payload.userId === caller.userId) throw new AppError('CONFLICT', staffMessages.ownSelf);
      return setDisabled(caller, payload.userId, true);
    },

    async enable({ caller, payload }: { caller: Caller; payload: StaffUser }): Promise<StaffMember> {
      return setDisabled(caller, payload.userId, false);
    },

    /**
     * A doctor's qualification, registration and signature, printed on their prescriptions:
     * anyone's own, an owner anyone's of the clinic. The signature is an image uploaded for
     * the prescriptions' signature, kept as the layout images are (its key).
     */
    async updateDoctorProfile({ caller, payload }: { caller: Caller; payload: DoctorProfile }) {
      const userId = payload.userId ?? caller.userId;
      if (userId !== caller.userId && caller.role !== 'owner') {
        throw new AppError('ROLE_FORBIDDEN', staffMessages.notOwnProfile);
      }
      const row = await requireMember(db, caller, userId);
      if (payload.signature) {
        await uploads.requireUploadedImage({
          partnerId: caller.partnerId,
          key: payload.signature,
          purpose: 'consultation-signature',
        });
      }
      const profile = {
        qualification: blankToNull(payload.qualification),
        registration_council: blankToNull(payload.registrationCouncil),
        registration_number: blankToNull(payload.registrationNumber),
        signature_url: payload.signature,
      };
      const changes = changesOf(
        {
          qualification: row.qualification,
          registration_council: row.registration_council,
          registration_number: row.registration_number,
          signature_url: row.signature_url,
        },
        profile,
      );
      if (!changes) return memberOf(db, caller, userId);
      return db.transaction(async (tx) => {
        await updateStaffUser(tx, userId, { ...profile, updated_at: clock() });
        await audit(tx, caller, 'updated', userId, changes);
        return memberOf(tx, caller, userId);
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
