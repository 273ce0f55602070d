import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * Mostly reached when a page's code cannot be fetched, for example after a release
 * removed the old hashed files or the connection dropped: reloading fixes both.
 */
export function RouteError() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', minHeight: '60vh', p: 3 }}>
      <Typography variant="h2" component="h1" sx={{ textAlign: 'center' }}>
        This page could not be loaded.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Stack>
  );
}
