import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { patientMergeWords } from '@vaidya/contract/patient-merge-screens';
import { patientPageWords, patientsScreenWords } from '@vaidya/contract/patient-screens';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';
import { DuplicatePairs } from './components/duplicate-pairs';

/**
 * `/dashboard/patients/duplicates`: the records that look like one patient (one mobile with
 * similar names, or one name and date of birth on two mobiles), each pair with its Merge. A
 * page of its own, opened from the Patients screen, so the registry's list loads none of it.
 */
export function PatientDuplicatesPage() {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <>
      <Button component={RouterLink} to={paths.patients} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        {patientPageWords.backToPatients}
      </Button>
      <PageHeader
        title={patientsScreenWords.likelyDuplicates}
        description={patientMergeWords.duplicatesHint}
      />
      <DuplicatePairs compact={compact} />
    </>
  );
}
