import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function BillPreviewPage() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <PageHeader title="Bill" description="Check the bill, then print it or send it to the patient." />
    </Container>
  );
}
