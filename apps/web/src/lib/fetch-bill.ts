import { billResponse } from '@vaidya/contract/bills';
import { apiRequest } from './api-client';

/** One of the clinic's bills: the one the bill editor edits, and the one whose preview asks where Back goes. */
export async function fetchBill(id: string, signal: AbortSignal) {
  return (await apiRequest('GET', '/bill/get-by-id', { query: { id }, schema: billResponse, signal })).data;
}
