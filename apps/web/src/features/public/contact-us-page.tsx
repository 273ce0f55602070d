import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';
import { LeadForm } from './components/lead-form';

export function ContactUsPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 6 } }}>
      <PageHeader
        title="Contact us"
        description="Leave your details and the Vaidya team will get in touch about setting up your clinic."
      />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <LeadForm />
        </Paper>
        <Stack spacing={1.5}>
          <Typography>
            We will call you to understand how your clinic works and help you set it up: your locations and
            queues, your lists of medicines and treatments, and your bills.
          </Typography>
          <Typography color="text.secondary">
            Already using Vaidya?{' '}
            <Link component={RouterLink} to={paths.signIn}>
              Sign in
            </Link>
            . Want to start on your own?{' '}
            <Link component={RouterLink} to={paths.signUp}>
              Create an account
            </Link>
            .
          </Typography>
        </Stack>
      </Stack>
    </Container>
  );
}
