import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function BillViewPage() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <PageHeader title="Bill" description="The bill as shared with the patient." />
    </Container>
  );
}
