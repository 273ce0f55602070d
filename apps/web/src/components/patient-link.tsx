import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { patientPagePath } from '../lib/paths';

/**
 * A patient's name wherever the dashboard lists one (bookings, bills), leading to their
 * page (issue 21): every visit, prescription and bill of theirs. A plain link, so it
 * opens in a new tab as any link does and prints as the name.
 */
export function PatientLink({ patientId, name }: { patientId: string; name: string }) {
  return (
    <Link component={RouterLink} to={patientPagePath(patientId)} underline="hover">
      {name}
    </Link>
  );
}
