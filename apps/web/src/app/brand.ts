/**
 * Vaidya's colours, corners and type. MUI's theme is built from them; `base.css`
 * repeats them as CSS variables for the pages drawn without MUI (the landing page,
 * the loading and error screens), and a test keeps the two the same.
 */
export const brand = {
  primary: '#0b6e75',
  secondary: '#4a5d73',
  background: '#f4f7f9',
  paper: '#ffffff',
  text: '#1b2a33',
  textSecondary: '#52626d',
  border: '#dde5ea',
  radius: '8px',
  /** System fonts, so the first screen does not wait for a web font on a slow clinic connection. */
  font: 'system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif',
} as const;
