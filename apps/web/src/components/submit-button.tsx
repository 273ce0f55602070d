import Button, { type ButtonProps } from '@mui/material/Button';

/** The one full-width primary button that submits a form; it spins and stays disabled while saving. */
export function SubmitButton({ loading, children }: Pick<ButtonProps, 'loading' | 'children'>) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth loading={loading}>
      {children}
    </Button>
  );
}
