import Container from '@mui/material/Container';
import { billViewScreen as texts } from '@vaidya/contract/dashboard-screens';
import { PageHeader } from '../../components/page-header';

export function BillViewPage() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <PageHeader title={texts.title} description={texts.description} />
    </Container>
  );
}
