/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressPlugin } from './build/compress-plugin.ts';
import { lightContractPlugin } from './build/light-contract-plugin.ts';

/** A module of one of these packages (or package folders, `@mui/material/Button`). */
const inPackages =
  (...packages: string[]) =>
  (id: string) =>
    packages.some((name) => id.replaceAll('\\', '/').includes(`/node_modules/${name}/`));
const muiParts = (...parts: string[]) => inPackages(...parts.map((part) => `@mui/material/${part}`));

/**
 * The chunks a page loads (decision 035). Left to itself the bundler gives every set of
 * pages sharing a module a file of its own: the bookings screen fetched 64, most of them
 * MUI parts of 1–2 kB, each a round trip on a phone. These groups gather what most pages
 * of a kind need, at the price of a few kB some of them do not use; each group also takes
 * along what its modules import. The rest (each page's own code, what a few pages share)
 * stays split as the bundler sees fit. `scripts/check-page-weight.mjs` keeps every page
 * within its budget whatever the grouping.
 */
const chunkGroups = [
  // What index.html runs for every page (React, the router, the frame drawn before MUI)
  // stays in the entry: claimed first, so no group below takes React along with it, and
  // the landing page, the booking website and the TV never load MUI.
  { name: 'entry', tags: ['$initial' as const], priority: 50 },
  // MUI's styling engine and the parts every page of the app shell draws.
  {
    name: 'mui',
    priority: 40,
    test: (id: string) =>
      inPackages('@emotion')(id) ||
      muiParts(
        ...['styles', 'colors', 'CssBaseline', 'GlobalStyles', 'DefaultPropsProvider', 'zero-styled'],
        ...['utils', 'internal', 'transitions', 'useLazyRipple', 'SvgIcon', 'Paper', 'ButtonBase'],
        ...['Button', 'IconButton', 'Typography', 'Stack', 'Box', 'Alert', 'CircularProgress'],
      )(id),
  },
  // The rest of what every page of the app shell runs: the query cache, zod for the API's
  // answers, the toasts.
  {
    name: 'app-libraries',
    priority: 30,
    test: inPackages('zod', '@tanstack/query-core', '@tanstack/react-query', 'react-toastify'),
  },
  // The dashboard's frame (drawer, app bar, menus, the skeletons while it loads) and the icons.
  {
    name: 'mui-dashboard',
    priority: 20,
    test: (id: string) =>
      inPackages('@mui/icons-material')(id) ||
      muiParts(
        ...['AppBar', 'Toolbar', 'Drawer', 'Slide', 'Modal', 'Backdrop', 'Fade', 'Portal'],
        ...['Unstable_TrapFocus', 'Popover', 'Grow', 'Menu', 'MenuList', 'MenuItem', 'Divider'],
        ...['List', 'ListItemButton', 'ListItemIcon', 'ListItemText', 'Skeleton'],
      )(id),
  },
  // The fields, dialogs and tables of the dashboard's forms and lists.
  {
    name: 'mui-forms',
    priority: 10,
    test: muiParts(
      ...['TextField', 'InputBase', 'OutlinedInput', 'FilledInput', 'Input', 'InputLabel', 'InputAdornment'],
      ...['FormControl', 'FormLabel', 'FormHelperText', 'FormControlLabel', 'Select', 'NativeSelect'],
      ...['TextareaAutosize', 'Checkbox', 'Chip', 'LinearProgress', 'useMediaQuery'],
      ...['Dialog', 'DialogTitle', 'DialogContent', 'DialogContentText', 'DialogActions'],
      ...['Table', 'TableBody', 'TableCell', 'TableContainer', 'TableHead', 'TableRow'],
    ),
  },
  // The on/off and one-of choices the bill editor's payment and the dental chart's settings
  // draw: three files of 1–2 kB apiece for the editor otherwise.
  { name: 'mui-choices', priority: 5, test: muiParts('Switch', 'RadioGroup', 'Radio', 'FormGroup') },
];

export default defineConfig({
  plugins: [react(), compressPlugin(), lightContractPlugin()],
  build: {
    outDir: 'dist',
    // The API server caches everything under /assets/ for a year, so only hashed files may live there.
    assetsDir: 'assets',
    // scripts/check-page-weight.mjs walks the chunk graph of each route from this file.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // A journey types into several fields and loads lazy pages; on a busy two-core machine (two test
    // runs at once, or the API suites beside it) that has taken over 15 s.
    testTimeout: 30_000,
  },
});
