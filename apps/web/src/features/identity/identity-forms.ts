import { passwordPolicy } from '@vaidya/contract/identity';
import { identityFormMessages as formMessages, identityWords } from '@vaidya/contract/identity-screens';
import { indianMobileSchema } from '@vaidya/contract/mobile';
import { specialities } from '@vaidya/contract/specialities';
import { z } from 'zod';

/** Emails are the user names; lower-cased so "Owner@Clinic.in" typed on a phone finds the same account. */
export const emailField = z
  .string()
  .trim()
  .min(1, formMessages.enterEmail)
  .pipe(z.email(formMessages.invalidEmail))
  .transform((email) => email.toLowerCase());

/** For signing in, any stored password goes: the policy is checked when a password is chosen. */
export const currentPasswordField = z.string().min(1, formMessages.enterPassword);

export const newPasswordHint = identityWords.newPasswordHint(passwordPolicy.minLength);

export const newPasswordField = z
  .string()
  .min(passwordPolicy.minLength, formMessages.atLeast(passwordPolicy.minLength))
  .max(passwordPolicy.maxLength, formMessages.atMost(passwordPolicy.maxLength));

export const confirmationCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, formMessages.enterCode);

const passwordsMatch = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: formMessages.passwordsDiffer };

export const signInForm = z.object({ email: emailField, password: currentPasswordField });

export const setNewPasswordForm = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine(passwordsMatch, mismatch);

/** The longest clinic or person name sign-up takes. */
const nameMaxLength = 120;

export const signUpForm = z.object({
  clinicName: z
    .string()
    .trim()
    .min(1, formMessages.enterClinicName)
    .max(nameMaxLength, formMessages.atMost(nameMaxLength)),
  name: z
    .string()
    .trim()
    .min(1, formMessages.enterName)
    .max(nameMaxLength, formMessages.atMost(nameMaxLength)),
  email: emailField,
  phoneNumber: indianMobileSchema,
  speciality: z.enum(specialities, { error: formMessages.chooseSpeciality }),
  password: newPasswordField,
  /** Copy the speciality's starter lists into the new clinic's masters (decision 017). */
  starterLists: z.boolean(),
});

export const confirmEmailForm = z.object({ code: confirmationCodeField });

export const resetPasswordForm = z.object({ email: emailField });

export const newPasswordForm = z
  .object({
    email: emailField,
    code: confirmationCodeField,
    password: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, mismatch);
