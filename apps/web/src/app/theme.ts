import { createTheme } from '@mui/material/styles';

const systemFont = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * A calm clinical look: deep teal on a cool off-white, soft corners, no shouting
 * upper-case buttons. System fonts, so the first screen does not wait for a web font
 * on a slow clinic connection.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b6e75', contrastText: '#ffffff' },
    secondary: { main: '#4a5d73' },
    background: { default: '#f4f7f9', paper: '#ffffff' },
    text: { primary: '#1b2a33', secondary: '#52626d' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: systemFont,
    h1: { fontSize: '2.5rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.75rem', fontWeight: 600 },
    h3: { fontSize: '1.375rem', fontWeight: 600 },
    h4: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#dde5ea' } } },
  },
});
