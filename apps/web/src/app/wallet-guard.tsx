import { messages } from '@vaidya/contract/messages';
import { hasInsufficientBalance } from '@vaidya/contract/partner';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { toast } from 'react-toastify';
import { useClinic } from '../lib/clinic-context';
import { paths } from '../lib/paths';

/** Spec §4: a wallet partner below one booking's charge is sent from bookings, schedule and settings to payment. */
export function WalletGuard() {
  const { partner } = useClinic();
  const blocked = hasInsufficientBalance(partner);

  useEffect(() => {
    // The id keeps it to one toast when the effect runs twice (StrictMode) or the user tries again at once.
    if (blocked) toast.warning(messages.insufficientBalance, { toastId: 'insufficient-balance' });
  }, [blocked]);

  return blocked ? <Navigate to={paths.payment} replace /> : <Outlet />;
}
