import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { identityWords } from '@vaidya/contract/identity-screens';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

interface IdentityCardProps {
  title: string;
  description?: ReactNode;
  /** Below the card: the way to the other identity screens. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every sign-in screen: the name of the product, then one centred card. */
export function IdentityCard({ title, description, footer, children }: IdentityCardProps) {
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
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
      {footer && (
        <Typography component="div" sx={{ mt: 2.5, textAlign: 'center' }}>
          {footer}
        </Typography>
      )}
    </Container>
  );
}
