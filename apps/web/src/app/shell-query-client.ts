import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createQueryClient } from './providers';

let current: QueryClient | null = null;

/**
 * The app shell's query cache, reachable from the router's loaders too: a loader asks for
 * a page's data while the page's code is still downloading, into the cache the page then
 * reads (decision 035). Whichever needs it first, a loader or the shell, creates it.
 */
export function shellQueryClient(): QueryClient {
  current ??= createQueryClient();
  return current;
}

/** The shell's cache while it is mounted; once it unmounts, the next shell (a new visit, the next test) starts empty. */
export function useShellQueryClient(): QueryClient {
  const [queryClient] = useState(shellQueryClient);
  useEffect(() => {
    current = queryClient;
    return () => {
      if (current === queryClient) current = null;
    };
  }, [queryClient]);
  return queryClient;
}
