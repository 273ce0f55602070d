import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { auditScreenWords as words } from '@vaidya/contract/audit-screens';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';

// The trail (its filters, table and export) is asked for as the view's code arrives, as the
// Dental view does its chart: the patient page stays within its budget on arrival.
const trailCode = import('./components/audit-trail');
const AuditTrail = lazy(async () => ({ default: (await trailCode).AuditTrail }));

/**
 * The patient page's Audit view, its child route `/dashboard/patients/:id/audit` (owned here as
 * the Dental view is by features/dental, decision 046): the acts on this patient's records,
 * with the audit page's filters, table and export, the patient fixed. The patient page
 * offers its link to owners and doctors.
 */
export function PatientAuditTab() {
  const { id = '' } = useParams();
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={words.loading} />
        </Box>
      }
    >
      <AuditTrail
        key={id}
        patientId={id}
        description={{ everyone: words.patientDescription, own: words.patientDoctorDescription }}
      />
    </Suspense>
  );
}
