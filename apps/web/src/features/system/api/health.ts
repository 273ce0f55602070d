import { useQuery } from '@tanstack/react-query';
import { type HealthResponse, healthResponse } from '@vaidya/contract/health';
import { apiRequest } from '../../../lib/api-client';

export type Health = HealthResponse['data'];

export async function getHealth(signal?: AbortSignal): Promise<Health> {
  const body = await apiRequest('GET', '/health', { schema: healthResponse, signal, anonymous: true });
  return body.data;
}

export function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: ({ signal }) => getHealth(signal) });
}
