import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function PrescriptionViewPage() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <PageHeader title="Prescription" description="The prescription as shared with the patient." />
    </Container>
  );
}
