import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import {
  findEmailByIdentitySubject,
  findUserWithPartnerByEmail,
  setIdentitySubject,
} from './access.repository';

/** Cognito's `sub` is a UUID; anything else is a user name or a typo, which would never match a token. */
const subjectPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

export interface IdentityLink {
  email: string;
  partnerName: string;
  subject: string;
  /** The `sub` the user was linked to before, when this replaced it. */
  replacedSubject: string | null;
  alreadyLinked: boolean;
}

/**
 * With an external user pool (IDENTITY_ISSUER) a token names its user by
 * `sub`; an operator links that `sub` to one of our users, which places the
 * person in that user's clinic with that user's role (the CLI's link-identity).
 */
export function createIdentityLinkService(deps: { db: Db; clock: Clock }) {
  return {
    async linkIdentity(input: { email: string; subject: string }): Promise<IdentityLink> {
      const subject = input.subject.trim().toLowerCase();
      if (!subjectPattern.test(subject)) {
        throw new AppError(
          'VALIDATION_FAILED',
          `${input.subject} is not a Cognito sub (a UUID like 3f0c4a52-5b1e-4c2a-9d8e-1a2b3c4d5e6f)`,
        );
      }
      const email = input.email.trim().toLowerCase();
      const user = await findUserWithPartnerByEmail(deps.db, email);
      if (!user) throw new AppError('NOT_FOUND', `No user has the email ${email}`);
      const link = {
        email: user.email,
        partnerName: user.partnerName,
        subject,
        replacedSubject: user.identitySubject === subject ? null : user.identitySubject,
        alreadyLinked: user.identitySubject === subject,
      };
      if (link.alreadyLinked) return link;

      const linkedTo = await findEmailByIdentitySubject(deps.db, subject);
      if (linkedTo) throw alreadyLinkedTo(subject, linkedTo);
      await setIdentitySubject(deps.db, { userId: user.userId, subject, now: deps.clock() }).catch(
        (error: unknown) => {
          // Another operator linked the same sub in between.
          throw isUniqueViolation(error) ? alreadyLinkedTo(subject, 'another user') : error;
        },
      );
      return link;
    },
  };
}

const alreadyLinkedTo = (subject: string, email: string) =>
  new AppError('CONFLICT', `The Cognito user ${subject} is already linked to ${email}`);
