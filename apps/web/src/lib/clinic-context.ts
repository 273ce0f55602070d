import { localToday } from '@vaidya/contract/calendar-dates';
import type { Location, PartnerDetails } from '@vaidya/contract/partner';
import { createContext, useContext } from 'react';

export interface Clinic {
  partner: PartnerDetails;
  /** Null only while the partner has no location yet. */
  location: Location | null;
  selectLocation: (locationId: string) => void;
}

/** Provided by the dashboard shell once the partner is loaded, so pages never wait for it themselves. */
export const ClinicContext = createContext<Clinic | null>(null);

export function useClinic(): Clinic {
  const clinic = useContext(ClinicContext);
  if (!clinic) throw new Error('useClinic is used outside the dashboard');
  return clinic;
}

/**
 * The clinic's IANA time zone, where the dashboard dates and times every instant it shows
 * (`clinicTime`, `clinicDate`, `clinicDateTime`), whatever the browser's own zone.
 */
export function useClinicTimeZone(): string {
  return useClinic().partner.time_zone;
}

/** Today's date, 'YYYY-MM-DD', in the clinic's time zone rather than the browser's. */
export function useClinicToday(): string {
  return localToday(useClinicTimeZone(), new Date()).date;
}
