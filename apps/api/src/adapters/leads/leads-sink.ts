export interface LeadToForward {
  phoneNumber: string;
  name: string;
  specialty: string;
  location: string;
}

/**
 * Where leads go after they are stored. By default nowhere (they stay in the
 * leads table); in production, a spreadsheet web script.
 */
export interface LeadsSink {
  deliver(lead: LeadToForward): Promise<void>;
}
