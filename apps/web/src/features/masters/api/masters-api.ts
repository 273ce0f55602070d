import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagination } from '@vaidya/contract/envelope';
import {
  dentalTreatmentTypesResponse,
  type MasterNames,
  productsOfTemplateResponse,
} from '@vaidya/contract/masters';
import type { PartnerDetails } from '@vaidya/contract/partner';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export interface MasterRecord {
  id: string;
}

/** The part of a master's contract the web app calls with; every `defineMasterContract` result fits. */
export interface MasterEndpoints<R extends MasterRecord> {
  names: MasterNames;
  listResponse: z.ZodType<{ data: { results: R[]; pagination: Pagination } }>;
  savedResponse: z.ZodType<{ data: R; message?: string }>;
}

export interface MasterPage {
  query: string;
  page: number;
  limit: number;
}

type ListAnswer<R> = { data: { results: R[]; pagination: Pagination } };

const listKey = (names: MasterNames, page?: MasterPage) =>
  page ? ['masters', names.plural, page] : ['masters', names.plural];

/** One page of a master list; the screen counts pages from 0, the server from 1. */
export function useMasterList<R extends MasterRecord>(endpoints: MasterEndpoints<R>, page: MasterPage) {
  return useQuery({
    queryKey: listKey(endpoints.names, page),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/masters/get-${endpoints.names.plural}`, {
        query: { query: page.query.trim() || undefined, limit: page.limit, page: page.page + 1 },
        schema: endpoints.listResponse,
        signal,
      }),
    // Paging or searching keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    // Offline, try and fail (the screen then offers Retry) rather than wait silently with
    // placeholders; when the connection returns, the list asks again by itself.
    networkMode: 'always',
    refetchOnReconnect: true,
  });
}

/**
 * Add, update and delete for one master, keeping the list as spec §4 says: an added
 * record reloads the list (the caller resets search and page), an edited one replaces
 * its row and a deleted one leaves it, without asking the server for the page again.
 */
export function useMasterMutations<R extends MasterRecord>(endpoints: MasterEndpoints<R>) {
  const queryClient = useQueryClient();
  const { names } = endpoints;
  const updateCachedPages = (change: (answer: ListAnswer<R>) => ListAnswer<R>) =>
    queryClient.setQueriesData<ListAnswer<R>>({ queryKey: listKey(names) }, (answer) =>
      answer ? change(answer) : answer,
    );

  const save = useMutation({
    mutationFn: ({ id, payload }: { id?: string; payload: object }) =>
      id
        ? apiRequest('PUT', `/masters/update-${names.slug}`, {
            body: { ...payload, id },
            schema: endpoints.savedResponse,
          })
        : apiRequest('POST', `/masters/add-${names.slug}`, {
            body: payload,
            schema: endpoints.savedResponse,
          }),
    onSuccess: (saved, { id }) => {
      if (!id) return queryClient.invalidateQueries({ queryKey: listKey(names) });
      updateCachedPages((answer) => ({
        data: {
          ...answer.data,
          results: answer.data.results.map((row) => (row.id === saved.data.id ? saved.data : row)),
        },
      }));
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/masters/delete-${names.slug}`, {
        query: { [names.idQuery]: id },
        schema: endpoints.savedResponse,
      }),
    onSuccess: (_deleted, id) => {
      let foundOnAPage = false;
      updateCachedPages((answer) => {
        const results = answer.data.results.filter((row) => row.id !== id);
        const removed = answer.data.results.length - results.length;
        if (removed > 0) foundOnAPage = true;
        return {
          data: {
            results,
            pagination: { ...answer.data.pagination, total: answer.data.pagination.total - removed },
          },
        };
      });
      // A just-added row shown above the page is on no cached page, so only the server can give the new total.
      if (!foundOnAPage) return queryClient.invalidateQueries({ queryKey: listKey(names) });
    },
  });

  return { save, remove };
}

export function useProductsOfTemplate(templateId: string | undefined) {
  return useQuery({
    queryKey: ['masters', 'products-of-template', templateId],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/masters/get-products-of-template', {
        query: { template_id: templateId },
        schema: productsOfTemplateResponse,
        signal,
      }),
    enabled: Boolean(templateId),
  });
}

/** Spec §6: only a dentist's treatments link to the dental chart. */
export const offersDentalChart = (partner: Pick<PartnerDetails, 'speciality_type'>) =>
  partner.speciality_type === 'DENTIST';

/** The dental chart's treatment types: the same for every clinic, so asked once. */
export const dentalTreatmentTypesQuery = queryOptions({
  queryKey: ['masters', 'dental-treatment-types'],
  queryFn: ({ signal }) =>
    apiRequest('GET', '/masters/get-dental-treatment-types', {
      schema: dentalTreatmentTypesResponse,
      signal,
    }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDentalTreatmentTypes(enabled: boolean) {
  return useQuery({ ...dentalTreatmentTypesQuery, enabled });
}
