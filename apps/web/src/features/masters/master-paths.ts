/** The two masters routes (spec §2); each page links back or across to the other. */
export const masterPaths = {
  prescriptionMasters: '/dashboard/prescription-masters',
  treatmentMasters: '/dashboard/treatment-masters',
} as const;
