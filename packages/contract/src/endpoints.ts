import { appConfigEndpoints } from './app-config';
import { auditEndpoints } from './audit';
import { billEndpoints } from './bills';
import { bookingEndpoints, patientEndpoints } from './bookings';
import { consultationFormEndpoints } from './consultation-forms';
import { dayCloseEndpoints } from './day-close';
import { dentalEndpoints } from './dental';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './health';
import { leadEndpoints } from './leads';
import { masterEndpoints } from './masters';
import { partnerEndpoints } from './partner';
import { partnerSettingsEndpoints } from './partner-settings';
import { patientMergeEndpoints } from './patient-merge';
import { patientCsvEndpoints, patientRegistryEndpoints } from './patients';
import { paymentEndpoints } from './payments';
import { referralEndpoints } from './referrals';
import { reportEndpoints } from './reports';
import { scheduleEndpoints } from './schedule';
import { siteEndpoints } from './site';
import { staffEndpoints } from './staff';
import { starterListEndpoints } from './starter-lists';
import { tvEndpoints } from './tv';
import { uploadEndpoints } from './uploads';

/**
 * Every endpoint defined in the contract (decision 039), for the checks that walk them all.
 * The web app imports each group from its own file, so a page loads only its calls.
 */
export const contractEndpoints: Record<string, Endpoint> = Object.fromEntries(
  Object.entries({
    appConfig: appConfigEndpoints,
    audit: auditEndpoints,
    bills: billEndpoints,
    bookings: bookingEndpoints,
    consultationForms: consultationFormEndpoints,
    dayClose: dayCloseEndpoints,
    dental: dentalEndpoints,
    health: healthEndpoints,
    leads: leadEndpoints,
    masters: masterEndpoints,
    partner: partnerEndpoints,
    partnerSettings: partnerSettingsEndpoints,
    patients: patientEndpoints,
    patientRegistry: patientRegistryEndpoints,
    patientCsv: patientCsvEndpoints,
    patientMerge: patientMergeEndpoints,
    payments: paymentEndpoints,
    referrals: referralEndpoints,
    reports: reportEndpoints,
    schedule: scheduleEndpoints,
    site: siteEndpoints,
    staff: staffEndpoints,
    starterLists: starterListEndpoints,
    tv: tvEndpoints,
    uploads: uploadEndpoints,
  }).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, definition]) => [`${group}.${name}`, definition as Endpoint]),
  ),
);
