import { identityMessages } from '@vaidya/contract/identity';
import type { UserRole } from '@vaidya/contract/roles';
import type { Speciality } from '@vaidya/contract/specialities';
import { temporaryPasswordDays } from '@vaidya/contract/staff';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword } from './credentials';
import { assertAcceptablePassword } from './identity.passwords.service';
import { findPartnerOfOwner, insertClinic, insertUser, setPartnerDisabledAt } from './identity.repository';
import { clinicLocationIds, setUserLocations } from './identity.staff.repository';
import { normaliseEmail } from './identity-checks';
import { IdentityError } from './identity-error';

export interface NewClinic {
  clinicName: string;
  email: string;
  password: string;
  ownerName?: string;
  speciality: Speciality;
  subscription: 'standard' | 'wallet';
  /** Exact decimal strings, e.g. "1500.00". */
  walletBalance: string;
  chargePerBooking: string;
  /** An IANA time zone; absent, the clinic keeps the default (Asia/Kolkata). */
  timeZone?: string;
}

export interface NewStaff {
  /** The email of the owner whose clinic the staff member joins. */
  partnerEmail: string;
  email: string;
  temporaryPassword: string;
  name?: string;
  /** What they may do; a doctor when absent (as the staff of before issue 23 became). */
  role?: UserRole;
}

function readEmail(value: string): string {
  const email = normaliseEmail(value);
  if (!email) throw new IdentityError('InvalidParameterException', identityMessages.notAnEmail(value));
  return email;
}

function rethrowDuplicateEmail(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new IdentityError('UsernameExistsException', identityMessages.usernameExists);
  }
  throw error;
}

/** Accounts an operator creates from the command line (cli.ts), under the same rules as sign-up. */
export function createAccountsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** A clinic whose owner is CONFIRMED and signs in at once. */
    async createClinic(clinic: NewClinic) {
      const email = readEmail(clinic.email);
      assertAcceptablePassword(clinic.password, { email, names: [clinic.ownerName, clinic.clinicName] });
      const passwordHash = await hashPassword(clinic.password);
      const now = clock();
      const created = await db
        .transaction((tx) =>
          insertClinic(tx, {
            partner: {
              name: clinic.clinicName,
              speciality_type: clinic.speciality,
              subscription_type: clinic.subscription,
              wallet_balance: clinic.walletBalance,
              charge_per_booking: clinic.chargePerBooking,
              ...(clinic.timeZone ? { time_zone: clinic.timeZone } : {}),
            },
            location: { location_name: clinic.clinicName, contact_no: '' },
            owner: { email, name: clinic.ownerName ?? '', password_hash: passwordHash, status: 'CONFIRMED' },
            now,
          }),
        )
        .catch(rethrowDuplicateEmail);
      return { ...created, email };
    },

    /** A staff member of the clinic `partnerEmail` owns; the first sign-in, within `temporaryPasswordDays`, must set a new password. */
    async createStaff(staff: NewStaff) {
      const email = readEmail(staff.email);
      const partner = await findPartnerOfOwner(db, staff.partnerEmail.trim().toLowerCase());
      if (!partner) {
        throw new IdentityError('UserNotFoundException', identityMessages.noSuchOwner(staff.partnerEmail));
      }
      assertAcceptablePassword(staff.temporaryPassword, { email, names: [staff.name, partner.name] });
      const passwordHash = await hashPassword(staff.temporaryPassword);
      const now = clock();
      const role = staff.role ?? 'doctor';
      const userId = await db
        .transaction(async (tx) => {
          const id = await insertUser(tx, {
            partner_id: partner.id,
            email,
            name: staff.name ?? '',
            password_hash: passwordHash,
            status: 'FORCE_CHANGE_PASSWORD',
            role,
            temporary_password_expires_at: new Date(
              now.getTime() + temporaryPasswordDays * 24 * 60 * 60 * 1000,
            ),
            password_changed_at: now,
            created_at: now,
            updated_at: now,
          });
          // The command line names no locations: a member of staff works at all the clinic has now.
          const locationIds = role === 'owner' ? [] : await clinicLocationIds(tx, partner.id);
          await setUserLocations(tx, { userId: id, partnerId: partner.id, locationIds });
          return id;
        })
        .catch(rethrowDuplicateEmail);
      return { userId, email, role, partner };
    },

    /**
     * Disables the clinic `ownerEmail` owns, or enables it again: a disabled clinic's users
     * cannot sign in and its booking website takes no bookings. Disabling an account that
     * already is keeps the date it was disabled; `changed` says whether anything changed.
     */
    async setClinicDisabled({ ownerEmail, disabled }: { ownerEmail: string; disabled: boolean }) {
      const partner = await findPartnerOfOwner(db, ownerEmail.trim().toLowerCase());
      if (!partner)
        throw new IdentityError('UserNotFoundException', identityMessages.noSuchOwner(ownerEmail));
      const changed = disabled === (partner.disabledAt === null);
      const disabledAt = disabled ? (partner.disabledAt ?? clock()) : null;
      if (changed) await setPartnerDisabledAt(db, partner.id, disabledAt);
      return { name: partner.name, changed, disabledAt };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
