/** The profile as it is stored: the signed-in user's, or a member's as the staff list has them. */
export interface Profile {
  userId: string;
  name: string;
  qualification: string | null;
  registration_council: string | null;
  registration_number: string | null;
  signature_url: string | null;
}

/** The three printed lines as the form holds them: blank where there is none yet. */
export function storedFields(profile: Profile) {
  return {
    qualification: profile.qualification ?? '',
    registrationCouncil: profile.registration_council ?? '',
    registrationNumber: profile.registration_number ?? '',
  };
}
