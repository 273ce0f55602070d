import { billEndpoints } from '@vaidya/contract/bills';
import { callApi } from './api-client';

/** One of the clinic's bills: the one the bill editor edits, and the one whose preview asks where Back goes. */
export async function fetchBill(id: string, signal: AbortSignal) {
  return (await callApi(billEndpoints.byId, { query: { id }, signal })).data;
}
