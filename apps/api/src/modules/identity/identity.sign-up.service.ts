import { identityMessages, signUpAttributes, starterListsChoice } from '@vaidya/contract/identity';
import { specialities, specialitySchema } from '@vaidya/contract/specialities';
import { isUniqueViolation } from '../../db/errors';
import type { ReferralsService } from '../referrals/referrals.service';
import type { StarterListsService } from '../starter-lists/starter-lists.service';
import { hashPassword } from './credentials';
import { type CodeFlowDeps, codeDelivery } from './identity.codes.service';
import { assertAcceptablePassword } from './identity.passwords.service';
import { findUserByEmail, insertClinic, updateStatus } from './identity.repository';
import type { IdentityActions } from './identity-actions';
import { assertClient, normaliseEmail } from './identity-checks';
import { IdentityError } from './identity-error';

/** Cognito's phone_number attribute: E.164, so a form that works here works against real Cognito too. */
const phoneNumberPattern = /^\+[1-9]\d{6,14}$/;
const maxAttributeLength = 256;
const allowedSignUpAttributes = new Set<string>([...Object.values(signUpAttributes), 'email']);

/** SignUp's UserAttributes, checked with Cognito's messages for a missing or unknown attribute. */
function readSignUpAttributes(list: { Name: string; Value: string }[], email: string) {
  const values = new Map(list.map((attribute) => [attribute.Name, attribute.Value.trim()]));
  const invalid = (message: string) => new IdentityError('InvalidParameterException', message);
  for (const [name, value] of values) {
    if (!allowedSignUpAttributes.has(name)) throw invalid(identityMessages.unknownAttribute(name));
    if ([...value].length > maxAttributeLength) {
      throw invalid(identityMessages.attributeTooLong(name, maxAttributeLength));
    }
  }
  const required = (name: string) => {
    const value = values.get(name);
    if (!value) throw invalid(identityMessages.attributeRequired(name));
    return value;
  };
  const emailAttribute = values.get('email');
  if (emailAttribute !== undefined && emailAttribute.toLowerCase() !== email) {
    throw invalid(identityMessages.attributeNotUsername('email'));
  }
  const phoneNumber = required(signUpAttributes.phoneNumber);
  if (!phoneNumberPattern.test(phoneNumber)) throw invalid(identityMessages.invalidPhoneNumber);
  const speciality = specialitySchema.safeParse(required(signUpAttributes.speciality));
  if (!speciality.success) {
    throw invalid(identityMessages.attributeNotOneOf(signUpAttributes.speciality, specialities));
  }
  // Optional, so a client that knows nothing of starter lists signs up an empty clinic as before.
  const starterLists = values.get(signUpAttributes.starterLists) ?? starterListsChoice.no;
  const choices: string[] = Object.values(starterListsChoice);
  if (!choices.includes(starterLists)) {
    throw invalid(identityMessages.attributeNotOneOf(signUpAttributes.starterLists, choices));
  }
  return {
    name: required(signUpAttributes.name),
    phoneNumber,
    clinicName: required(signUpAttributes.clinicName),
    speciality: speciality.data,
    starterLists: starterLists === starterListsChoice.yes,
    // Optional: a code that names no clinic is ignored, so a stale link still signs up.
    referralCode: values.get(signUpAttributes.referralCode),
  };
}

/** A clinic signs itself up; its owner confirms the email with a code before the first sign-in. */
export function createSignUpService(
  deps: CodeFlowDeps & { starterLists: StarterListsService; referrals: ReferralsService },
): Pick<IdentityActions, 'SignUp' | 'ConfirmSignUp' | 'ResendConfirmationCode'> {
  const { db, clock, clientId, codes, starterLists, referrals } = deps;
  return {
    async SignUp(request) {
      assertClient(request.ClientId, clientId);
      const email = normaliseEmail(request.Username);
      if (!email) throw new IdentityError('InvalidParameterException', identityMessages.usernameNotEmail);
      const attributes = readSignUpAttributes(request.UserAttributes, email);
      assertAcceptablePassword(request.Password, { email, names: [attributes.name, attributes.clinicName] });
      if (await findUserByEmail(db, email)) {
        throw new IdentityError('UsernameExistsException', identityMessages.usernameExists);
      }
      const passwordHash = await hashPassword(request.Password);
      const now = clock();
      const created = await db
        .transaction(async (tx) => {
          const clinic = await insertClinic(tx, {
            partner: { name: attributes.clinicName, speciality_type: attributes.speciality },
            location: { location_name: attributes.clinicName, contact_no: attributes.phoneNumber },
            owner: {
              email,
              name: attributes.name,
              phone_number: attributes.phoneNumber,
              password_hash: passwordHash,
              status: 'UNCONFIRMED',
            },
            now,
          });
          if (attributes.starterLists) {
            await starterLists.copyStarterLists({
              tx,
              partnerId: clinic.partnerId,
              speciality: attributes.speciality,
            });
          }
          if (attributes.referralCode) {
            await referrals.recordSignUp({
              tx,
              referralCode: attributes.referralCode,
              clinic: {
                partnerId: clinic.partnerId,
                name: attributes.clinicName,
                phoneNumber: attributes.phoneNumber,
                speciality: attributes.speciality,
              },
            });
          }
          const code = await codes.store({ tx, userId: clinic.userId, purpose: 'SIGN_UP', now });
          return { ...clinic, code };
        })
        .catch((error: unknown) => {
          // Two sign-ups with one email at once: the unique index decides.
          if (isUniqueViolation(error)) {
            throw new IdentityError('UsernameExistsException', identityMessages.usernameExists);
          }
          throw error;
        });
      await codes.deliver({
        user: { email, partner_id: created.partnerId },
        purpose: 'SIGN_UP',
        code: created.code,
      });
      return { UserConfirmed: false, UserSub: created.userId, ...codeDelivery(email) };
    },

    async ConfirmSignUp(request) {
      assertClient(request.ClientId, clientId);
      const user = await findUserByEmail(db, request.Username.toLowerCase());
      if (!user) throw new IdentityError('CodeMismatchException', identityMessages.codeMismatch);
      if (user.status !== 'UNCONFIRMED') {
        throw new IdentityError('NotAuthorizedException', identityMessages.cannotConfirm(user.status));
      }
      const code = await codes.check({
        userId: user.id,
        purpose: 'SIGN_UP',
        given: request.ConfirmationCode,
      });
      const now = clock();
      await db.transaction(async (tx) => {
        await codes.consume({ tx, codeId: code.id, now });
        await updateStatus(tx, user.id, 'CONFIRMED', now);
      });
      return {};
    },

    async ResendConfirmationCode(request) {
      assertClient(request.ClientId, clientId);
      return codes.sendToUsername({
        username: request.Username,
        purpose: 'SIGN_UP',
        refuse: (user) => {
          if (user.status !== 'UNCONFIRMED') {
            throw new IdentityError('InvalidParameterException', identityMessages.alreadyConfirmed);
          }
        },
      });
    },
  };
}
