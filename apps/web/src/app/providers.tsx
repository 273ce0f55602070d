import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { theme } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * react-toastify 11 injects its own stylesheet from its main entry, so its CSS file is
 * not imported here as well (that would ship the same rules twice).
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <ToastContainer position="top-right" autoClose={2000} theme="light" pauseOnHover draggable />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
