/** Words of the referrals page (/dashboard/referrals) and of a referral on the sign-up page. */
export const referralsPageTexts = {
  formTitle: 'Refer a clinic',
  formHint: 'Tell us about a clinic that could use Vaidya; we will get in touch with them.',
  clinicName: 'Clinic name',
  mobile: 'Mobile number',
  speciality: 'Speciality',
  chooseSpeciality: 'Choose a speciality',
  city: 'City',
  submit: 'Refer clinic',
  linkTitle: 'Your referral link',
  linkHint: 'Share it with other clinics: their sign-up is filled in with your referral.',
  linkLabel: 'Referral link',
  copy: 'Copy',
  copied: 'Referral link copied',
  copyFailed: 'The link could not be copied. Please select it and copy it yourself.',
  linkFailed: 'Your referral link could not be loaded.',
  listTitle: 'Your referrals',
  listEmpty: 'No referrals yet. Refer a clinic above.',
  loading: 'Loading referrals…',
  loadFailed: 'Your referrals could not be loaded.',
  retry: 'Try again',
  columns: {
    name: 'Clinic',
    mobile: 'Mobile',
    speciality: 'Speciality',
    city: 'City',
    status: 'Status',
    date: 'Referred on',
  },
  statuses: { invited: 'Invited', signed_up: 'Signed up', active: 'Active' },
  noCity: '—',
} as const;

/** The sign-up page opened from a referral link. */
export const referralSignUpTexts = {
  referredBy: (clinicName: string) => `Referred by ${clinicName}`,
} as const;
