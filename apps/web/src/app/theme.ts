import { createTheme } from '@mui/material/styles';
import { brand } from './brand';

/**
 * A calm clinical look: deep teal on a cool off-white, soft corners, no shouting
 * upper-case buttons.
 */
export const theme = createTheme({
  palette: {
    // WCAG AA for body text: white only on colours it reads on at 4.5:1 (MUI's default asks 3:1).
    contrastThreshold: 4.5,
    primary: { main: brand.primary, contrastText: brand.paper },
    secondary: { main: brand.secondary },
    background: { default: brand.background, paper: brand.paper },
    text: { primary: brand.text, secondary: brand.textSecondary },
  },
  shape: { borderRadius: Number.parseInt(brand.radius, 10) },
  typography: {
    fontFamily: brand.font,
    h1: { fontSize: '2.5rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.75rem', fontWeight: 600 },
    h3: { fontSize: '1.375rem', fontWeight: 600 },
    h4: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: brand.border } } },
  },
});
