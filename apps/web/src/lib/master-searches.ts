import type { Endpoint } from '@vaidya/contract/endpoint';
import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  type masterListQuery,
  observationContract,
  productContract,
  productTemplateContract,
  treatmentContract,
} from '@vaidya/contract/masters';
import type { z } from 'zod';
import { callApi } from './api-client';

// The clinic's masters, as the pickers of the prescription and bill editors search them.

/** How many entries a picker offers for one term; typing more narrows them. */
const pickerLimit = 20;

interface SearchableMaster<R> {
  endpoints: {
    list: Endpoint<undefined, typeof masterListQuery, undefined, z.ZodType<{ data: { results: R[] } }>>;
  };
}

async function searchMaster<R>(master: SearchableMaster<R>, term: string, signal: AbortSignal) {
  const answer = await callApi(master.endpoints.list, {
    query: { query: term || undefined, limit: pickerLimit, page: 1 },
    signal,
  });
  return answer.data.results;
}

export const masterSearches = {
  complaints: (term: string, signal: AbortSignal) => searchMaster(complaintContract, term, signal),
  observations: (term: string, signal: AbortSignal) => searchMaster(observationContract, term, signal),
  diagnoses: (term: string, signal: AbortSignal) => searchMaster(diagnosisContract, term, signal),
  investigations: (term: string, signal: AbortSignal) => searchMaster(investigationContract, term, signal),
  treatments: (term: string, signal: AbortSignal) => searchMaster(treatmentContract, term, signal),
  products: (term: string, signal: AbortSignal) => searchMaster(productContract, term, signal),
  templates: (term: string, signal: AbortSignal) => searchMaster(productTemplateContract, term, signal),
};

let repeats = 0;

/**
 * The rows picked from the masters, each with a key no other row has: a row whose key repeats
 * an earlier one's (the same entry picked again, as a dentist does for a second tooth) gets a
 * key of its own, unique for the page's life, so each row keeps its place and is edited alone.
 * It lives beside the searches the two editors share, so neither page fetches a file more for it.
 */
export function withDistinctKeys<Row extends { key: string }>(rows: Row[]): Row[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    if (!seen.has(row.key)) {
      seen.add(row.key);
      return row;
    }
    repeats += 1;
    const key = `${row.key}#${repeats}`;
    seen.add(key);
    return { ...row, key };
  });
}
