import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function PrescriptionPreviewPage() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <PageHeader
        title="Prescription"
        description="Check the prescription, then print it or send it to the patient on WhatsApp."
      />
    </Container>
  );
}
