import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function NewPasswordPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <PageHeader
        title="Set a new password"
        description="Your account needs a new password before you can sign in."
      />
    </Container>
  );
}
