/**
 * What a treatment plan's estimate says (issue 22), on the clinic's page and on the patient's
 * light page the WhatsApp link opens (/estimate/:id), which loads nothing else of the dental
 * words. No zod here.
 */

/** The estimate: the plan as printed, on one A4 page. */
export const estimateWords = {
  document: 'Treatment estimate',
  title: 'Treatment estimate',
  fetchError: 'Failed to fetch the estimate',
  notFound: 'This treatment plan was not found',
  headerAlt: 'Clinic header',
  patient: 'Patient',
  patientNumber: (number: string) => `No. ${number}`,
  date: 'Date',
  validUntil: 'Valid until',
  noValidity: 'Until changed',
  backToPatient: 'Back to the patient',
  sitting: (sitting: number) => `Sitting ${sitting}`,
  /** Where an item goes, on the estimate and in the plans' lists: "Tooth 36". */
  tooth: (tooth: string) => `Tooth ${tooth}`,
  columns: { treatment: 'Treatment', tooth: 'Tooth', price: 'Price', tax: 'Tax', total: 'Total' },
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  total: 'Estimated total',
  /** A plan of several alternatives prints each, the accepted one marked. */
  accepted: 'accepted',
  labelled: (label: string, value: string) => `${label}: ${value}`,
  footnote: 'This is an estimate: the final bill follows the work done.',
  /** Above the estimate's WhatsApp messages, listed as a prescription's are. */
  messagesDescription: 'Each time this estimate was sent, and where the message stands.',
} as const;
