import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function ResetPasswordPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <PageHeader
        title="Reset password"
        description="Get a code to reset a forgotten password, then choose a new one."
      />
    </Container>
  );
}
