import { passwordPolicy, specialities } from '@vaidya/contract/identity';
import { indianMobileSchema } from '@vaidya/contract/leads';
import { z } from 'zod';

/** Emails are the user names; lower-cased so "Owner@Clinic.in" typed on a phone finds the same account. */
export const emailField = z
  .string()
  .trim()
  .min(1, 'Enter your email address')
  .pipe(z.email('Enter a valid email address, like name@clinic.in'))
  .transform((email) => email.toLowerCase());

/** For signing in, any stored password goes: the policy is checked when a password is chosen. */
export const currentPasswordField = z.string().min(1, 'Enter your password');

export const newPasswordHint = `At least ${passwordPolicy.minLength} characters. A short sentence is easy to remember.`;

export const newPasswordField = z
  .string()
  .min(passwordPolicy.minLength, `Use at least ${passwordPolicy.minLength} characters`)
  .max(passwordPolicy.maxLength, `Use at most ${passwordPolicy.maxLength} characters`);

export const confirmationCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the email');

const passwordsMatch = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: 'The two passwords are not the same' };

export const signInForm = z.object({ email: emailField, password: currentPasswordField });

export const setNewPasswordForm = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine(passwordsMatch, mismatch);

export const signUpForm = z.object({
  clinicName: z
    .string()
    .trim()
    .min(1, 'Enter the name of your clinic')
    .max(120, 'Use at most 120 characters'),
  name: z.string().trim().min(1, 'Enter your name').max(120, 'Use at most 120 characters'),
  email: emailField,
  phoneNumber: indianMobileSchema,
  speciality: z.enum(specialities, { error: 'Choose your speciality' }),
  password: newPasswordField,
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
