import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';

export function ContactUsPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <PageHeader
        title="Contact us"
        description="Leave your details and the Vaidya team will get in touch about setting up your clinic."
      />
    </Container>
  );
}
