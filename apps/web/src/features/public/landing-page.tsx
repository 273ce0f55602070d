import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import MedicationIcon from '@mui/icons-material/Medication';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useState, useTransition } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

// The form brings zod and the API client; they are fetched when the visitor reaches for it.
const loadLeadDialog = () => import('./components/lead-dialog');
const LeadDialog = lazy(async () => ({ default: (await loadLeadDialog()).LeadDialog }));

interface Highlight {
  title: string;
  text: string;
  icon: ReactNode;
}

const highlights: Highlight[] = [
  {
    title: 'Appointments and queues',
    text: 'Patients book a slot; your reception sees the day’s queue and who has arrived.',
    icon: <EventAvailableIcon />,
  },
  {
    title: 'Prescriptions',
    text: 'Write them from your own lists of complaints, diagnoses and medicines, then print.',
    icon: <MedicationIcon />,
  },
  {
    title: 'Bills',
    text: 'Bill treatments and medicines with tax, and see what each patient still owes.',
    icon: <ReceiptLongIcon />,
  },
  {
    title: 'WhatsApp',
    text: 'Send the prescription or bill to the patient’s phone in one tap.',
    icon: <WhatsAppIcon />,
  },
];

export function LandingPage() {
  // null until first opened, so the dialog's code is not fetched for visitors who never ask.
  const [leadDialogOpen, setLeadDialogOpen] = useState<boolean | null>(null);
  // A transition keeps the button showing its spinner while the dialog's code arrives.
  const [openingLeadDialog, startOpeningLeadDialog] = useTransition();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, sm: 10 } }}>
      <Stack spacing={3} sx={{ alignItems: 'flex-start', mb: { xs: 6, sm: 8 } }}>
        <Typography variant="h1" sx={{ color: 'primary.main' }}>
          Vaidya
        </Typography>
        <Typography variant="h5" component="p" sx={{ maxWidth: 620 }}>
          Run your clinic from one screen: appointments and queues, prescriptions, bills and WhatsApp messages
          to patients, made for clinics in India.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          <Button
            variant="contained"
            size="large"
            loading={openingLeadDialog}
            onPointerEnter={loadLeadDialog}
            onFocus={loadLeadDialog}
            onClick={() => startOpeningLeadDialog(() => setLeadDialogOpen(true))}
          >
            Request a call back
          </Button>
          <Button component={RouterLink} to={paths.signIn} variant="outlined" size="large">
            Sign in
          </Button>
        </Stack>
        <Typography color="text.secondary">
          New clinic?{' '}
          <Link component={RouterLink} to={paths.signUp}>
            Create an account
          </Link>
        </Typography>
      </Stack>

      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
        }}
      >
        {highlights.map((highlight) => (
          <Paper key={highlight.title} component="li" variant="outlined" sx={{ p: 2.5 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1, color: 'primary.main' }}>
              {highlight.icon}
              <Typography variant="h4" component="h2" sx={{ color: 'text.primary' }}>
                {highlight.title}
              </Typography>
            </Stack>
            <Typography color="text.secondary">{highlight.text}</Typography>
          </Paper>
        ))}
      </Box>

      <Suspense fallback={null}>
        {leadDialogOpen !== null && (
          <LeadDialog open={leadDialogOpen} onClose={() => setLeadDialogOpen(false)} />
        )}
      </Suspense>
    </Container>
  );
}
