import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { identityWords } from '@vaidya/contract/identity-screens';
import type { FormEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

/** Below the card, the way to another identity screen: "New clinic? Create an account". */
interface IdentityFooterLink {
  /** The sentence before the link, when it needs one. */
  lead?: string;
  to: string;
  label: string;
}

interface IdentityCardProps {
  title: string;
  description?: ReactNode;
  footer?: IdentityFooterLink;
  /** Every identity screen is one form, its fields stacked in the card. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** The frame of every sign-in screen: the name of the product, then one centred card holding the screen's form. */
export function IdentityCard({ title, description, footer, onSubmit, children }: IdentityCardProps) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 8 }, px: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ textAlign: 'center', mb: { xs: 2, sm: 3 } }}>
        <Link
          component={RouterLink}
          to={paths.landing}
          underline="none"
          variant="h3"
          sx={{ fontWeight: 700, color: 'primary.main' }}
        >
          {identityWords.brand}
        </Link>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {description}
          </Typography>
        )}
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3 }}>
          <Stack spacing={2.5}>{children}</Stack>
        </Box>
      </Paper>
      {footer && (
        <Typography component="div" sx={{ mt: 2.5, textAlign: 'center' }}>
          {footer.lead ? `${footer.lead} ` : null}
          <Link component={RouterLink} to={footer.to}>
            {footer.label}
          </Link>
        </Typography>
      )}
    </Container>
  );
}
