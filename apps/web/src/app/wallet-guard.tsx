import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { messages } from '@vaidya/contract/messages';
import { hasInsufficientBalance } from '@vaidya/contract/partner';
import { roleMessages } from '@vaidya/contract/roles';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { toast } from 'react-toastify';
import { useClinic } from '../lib/clinic-context';
import { useMay } from '../lib/partner-details-query';
import { paths } from '../lib/paths';

/**
 * Spec §4: a wallet partner below one booking's charge is sent from bookings, schedule and
 * settings to payment. Only an owner may recharge (issue 23): anyone else is told to ask them.
 */
export function WalletGuard() {
  const { partner } = useClinic();
  const mayRecharge = useMay('clinicAdministration');
  const blocked = hasInsufficientBalance(partner);
  const sentToPayment = blocked && mayRecharge;

  useEffect(() => {
    // The id keeps it to one toast when the effect runs twice (StrictMode) or the user tries again at once.
    if (sentToPayment) toast.warning(messages.insufficientBalance, { toastId: 'insufficient-balance' });
  }, [sentToPayment]);

  if (!blocked) return <Outlet />;
  if (sentToPayment) return <Navigate to={paths.payment} replace />;
  return (
    <Alert severity="warning" sx={{ maxWidth: 640 }}>
      <Box component="strong" sx={{ display: 'block', mb: 0.5 }}>
        {messages.insufficientBalance}
      </Box>
      {roleMessages.askOwnerToRecharge}
    </Alert>
  );
}
