/**
 * The paths of the patient's document calls (`consultationFormEndpoints.publicPrescription`,
 * `billEndpoints.publicBill` and `dentalEndpoints.publicEstimate`), without zod: the web app's router asks for a document from
 * its entry chunk while the page's code is on its way (decision 032), too early for the contract.
 */
export const publicDocumentPaths = {
  prescription: '/public/prescription/:id',
  bill: '/public/bill/:id',
  estimate: '/public/estimate/:id',
} as const;
