import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function SignUpPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <PageHeader title="Sign up" description="Create a Vaidya account for your clinic or practice." />
    </Container>
  );
}
