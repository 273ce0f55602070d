import { useState } from 'react';
import { LeadDialog, type LeadDialogProps } from '../features/public/components/lead-dialog';
import { AppProviders, createQueryClient } from './providers';

/**
 * The landing page lives outside the app shell, so its contact popup brings the shell's
 * providers (MUI's theme, a query cache, the toasts) along with it.
 */
export function LandingLeadDialog(props: LeadDialogProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <LeadDialog {...props} />
    </AppProviders>
  );
}
