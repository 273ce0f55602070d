import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { allergyScreenWords as words } from '@vaidya/contract/allergy-screens';
import { alertsInWords, type PatientRecord } from '@vaidya/contract/patients';

/**
 * The patient's allergies and medical alerts in red above the prescription, so they are
 * read before anything is prescribed. Nothing shows for a patient with none recorded or
 * not in the registry; a registry that could not be read is said, as silence would read
 * as "no allergies".
 */
export function PatientSafetyAlert({ record, failed }: { record: PatientRecord | null; failed: boolean }) {
  if (failed) return <Alert severity="warning">{words.safetyFetchFailed}</Alert>;
  if (!record) return null;
  const alerts = alertsInWords(record);
  if (record.allergies.length === 0 && alerts.length === 0) return null;
  return (
    <Alert severity="error" variant="outlined" role="region" aria-label={words.safetyLabel}>
      {record.allergies.length > 0 ? (
        <div>
          <Box component="strong">{words.allergies}:</Box> {record.allergies.join(', ')}
        </div>
      ) : null}
      {alerts.length > 0 ? (
        <div>
          <Box component="strong">{words.alerts}:</Box> {alerts.join(', ')}
        </div>
      ) : null}
    </Alert>
  );
}
