import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { type SessionTokens, startSession } from '../../lib/session';

/** The end of every way in: keep the tokens, forget whatever the last user had loaded, open bookings. */
export function useOpenDashboard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (username: string, tokens: SessionTokens) => {
      startSession(username, tokens);
      queryClient.clear();
      await navigate(paths.dashboardHome, { replace: true });
    },
    [navigate, queryClient],
  );
}
