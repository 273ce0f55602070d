import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { publicLayoutTexts } from '@vaidya/contract/app-screens';
import { Outlet, Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths';

/**
 * Frame of the pages a visitor sees before signing in: the page, then a quiet footer.
 * How the server is doing is the operator's business (GET /api/health, the log), so
 * the footer does not say.
 */
export function PublicLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2 }}>
        <Container maxWidth="md">
          <Link component={RouterLink} to={paths.contactUs} underline="hover">
            {publicLayoutTexts.contactUs}
          </Link>
        </Container>
      </Box>
    </Box>
  );
}
