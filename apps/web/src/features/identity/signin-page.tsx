import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function SignInPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <PageHeader title="Sign in" description="Sign in with your clinic account to open the dashboard." />
    </Container>
  );
}
