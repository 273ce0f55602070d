/**
 * Cache keys that more than one feature reads or refreshes: features do not import each other
 * (decision 005), so the key they share lives here, written once.
 */
export const sharedKeys = {
  /** The signed-in clinic (`GET /api/partner/get-partner-details`), which the dashboard asks for on arrival. */
  partnerDetails: ['partner-details'],
  /** A patient's record in the registry. */
  patientRecord: (patientId: string) => ['patients', 'record', patientId],
  /** Every patient's treatment plans: a saved bill changes what a plan has billed and been paid. */
  dentalPlans: ['dental', 'plans'],
  /** One patient's treatment plans. */
  dentalPlansOf: (patientId: string) => ['dental', 'plans', patientId],
};
