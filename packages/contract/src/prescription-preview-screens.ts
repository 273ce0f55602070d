/**
 * What the clinic's preview of a prescription says beside the sheet, never printed (issue 23):
 * kept apart from prescription-screens.ts, which the bill and patient pages download too.
 */
export const prescriptionPreviewTexts = {
  /** While the prescription's author has no registration number in their doctor profile. */
  noRegistrationNote:
    'This prescription prints no registration number: the doctor who wrote it has none in their profile yet.',
  openDoctorProfile: 'Add it in the doctor profile',
} as const;
