import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { publicLayoutTexts } from '@vaidya/contract/app-screens';
import { lazy, Suspense } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths';

// The status line pulls in the API client and zod; loading it on its own keeps them
// off the path to the landing page's first paint.
const ServerStatus = lazy(async () => ({
  default: (await import('../features/system/components/server-status')).ServerStatus,
}));

/** Frame of the pages a visitor sees before signing in: the page, then a quiet footer. */
export function PublicLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2 }}>
        <Container maxWidth="md">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Link component={RouterLink} to={paths.contactUs} underline="hover">
              {publicLayoutTexts.contactUs}
            </Link>
            <Suspense fallback={null}>
              <ServerStatus />
            </Suspense>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
