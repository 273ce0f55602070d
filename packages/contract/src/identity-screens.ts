import { brandName } from './app-screens';

/**
 * What the sign-in, sign-up and password screens say (spec §4), and the sentences of
 * their forms' checks. The identity service's own sentences, and how the web app
 * words its failures, live in identity.ts; the password strength hint in
 * password-strength.ts.
 */

/** The sentences of the identity forms' checks, shown under the field they are about. */
export const identityFormMessages = {
  enterEmail: 'Enter your email address',
  invalidEmail: 'Enter a valid email address, like name@clinic.in',
  enterPassword: 'Enter your password',
  atLeast: (minLength: number) => `Use at least ${minLength} characters`,
  atMost: (maxLength: number) => `Use at most ${maxLength} characters`,
  enterCode: 'Enter the 6-digit code from the email',
  passwordsDiffer: 'The two passwords are not the same',
  enterClinicName: 'Enter the name of your clinic',
  enterName: 'Enter your name',
  chooseSpeciality: 'Choose your speciality',
} as const;

/** The words the identity screens share. */
export const identityWords = {
  /** The product's name above every identity card, linking to the landing page. */
  brand: brandName,
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  /** Helper text of a field that takes the code from an email. */
  codeHint: '6 digits, from the email we sent you',
  newPasswordHint: (minLength: number) =>
    `At least ${minLength} characters. A short sentence is easy to remember.`,
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  signIn: 'Sign in',
  newClinic: 'New clinic?',
  createAccount: 'Create an account',
} as const;

export const signInScreen = {
  title: 'Sign in',
  description: "Welcome back. Sign in to open your clinic's dashboard.",
  forgotPassword: 'Forgot password?',
  submit: 'Sign in',
  /** The confirm-email step, reached by signing in before the email was confirmed. */
  notConfirmed: (email: string) =>
    `Your email address is not confirmed yet. Enter the 6-digit code we sent to ${email}, or ask for a new one.`,
} as const;

/** Signing in with the temporary password an administrator set: the user chooses their own first. */
export const temporaryPasswordScreen = {
  title: 'Set a new password',
  description: 'Your account was given a temporary password. Choose your own to continue.',
  signInAgain: 'Sign in again',
  submit: 'Set password and sign in',
} as const;

export const signUpScreen = {
  title: 'Create your clinic account',
  description: `Set up ${brandName} for your clinic. You will be its owner and can add your staff later.`,
  alreadyHaveAccount: 'Already have an account?',
  clinicName: 'Clinic name',
  clinicNameHint: 'As your patients know it',
  yourName: 'Your name',
  emailHint: 'You will sign in with this',
  mobileNumber: 'Mobile number',
  mobileNumberHint: '10-digit mobile number',
  /** Shown before the 10 digits; the number is always an Indian mobile. */
  countryCode: '+91',
  speciality: 'Speciality',
  chooseSpeciality: 'Choose your speciality',
  starterLists: 'Start with the common lists for my speciality',
  starterListsHint: 'Complaints, findings, medicines, templates and treatments, ready to edit',
  submit: 'Create account',
  /** The confirm-email step that follows. */
  codeSent: (email: string) =>
    `We sent a 6-digit code to ${email}. Enter it to finish creating your account.`,
} as const;

export const confirmEmailScreen = {
  title: 'Confirm your email',
  code: 'Confirmation code',
  submit: 'Confirm',
  resend: 'Resend code',
  codeResent: (destination: string) => `We sent a new code to ${destination}.`,
  /** Carried to the sign-in screen when the account still has to choose its password there. */
  confirmed: 'Your email is confirmed. Please sign in.',
} as const;

/** Forgot password, first half: a code is sent to the email. */
export const resetPasswordScreen = {
  title: 'Reset password',
  description: 'Enter the email you sign in with. We will send you a code to choose a new password.',
  backToSignIn: 'Back to sign in',
  submit: 'Send code',
  /** Carried to the new-password screen. */
  codeSent: (destination: string) =>
    `We sent a code to ${destination}. Enter it below with your new password.`,
} as const;

/** Forgot password, second half: the emailed code and a new password. */
export const newPasswordScreen = {
  title: 'Set a new password',
  description: 'Enter the 6-digit code from the email and choose a new password.',
  sendNewCode: 'Did not get a code? Send a new one',
  code: 'Code',
  submit: 'Change password',
  /** Carried to the sign-in screen. */
  changed: 'Your password has been changed. Sign in with your new password.',
} as const;
