import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contactUsScreen as texts } from '@vaidya/contract/public-screens';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';
import { LeadForm } from './components/lead-form';

export function ContactUsPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 6 } }}>
      <PageHeader title={texts.title} description={texts.description} />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <LeadForm />
        </Paper>
        <Stack spacing={1.5}>
          <Typography>{texts.howWeHelp}</Typography>
          <Typography color="text.secondary">
            {texts.alreadyUsing}{' '}
            <Link component={RouterLink} to={paths.signIn}>
              {texts.signIn}
            </Link>
            . {texts.startOnYourOwn}{' '}
            <Link component={RouterLink} to={paths.signUp}>
              {texts.createAccount}
            </Link>
            .
          </Typography>
        </Stack>
      </Stack>
    </Container>
  );
}
