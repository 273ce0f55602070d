import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Endpoint } from '@vaidya/contract/endpoint';
import type { Pagination } from '@vaidya/contract/envelope';
import { type MasterNames, masterEndpoints, type masterListQuery } from '@vaidya/contract/masters';
import type { PartnerDetails } from '@vaidya/contract/partner';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

export interface MasterRecord {
  id: string;
}

type ListAnswer<R> = { data: { results: R[]; pagination: Pagination } };
type SavedAnswer<R> = { data: R; message?: string };

/** The part of a master's contract the web app calls with; every `defineMasterContract` result fits. */
export interface MasterEndpoints<R extends MasterRecord> {
  names: MasterNames;
  endpoints: {
    list: Endpoint<undefined, typeof masterListQuery, undefined, z.ZodType<ListAnswer<R>>>;
    add: Endpoint<z.ZodType, undefined, undefined, z.ZodType<SavedAnswer<R>>>;
    update: Endpoint<z.ZodType, undefined, undefined, z.ZodType<SavedAnswer<R>>>;
    remove: Endpoint<undefined, z.ZodType, undefined, z.ZodType<SavedAnswer<R>>>;
  };
}

export interface MasterPage {
  query: string;
  page: number;
  limit: number;
}

const listKey = (names: MasterNames, page?: MasterPage) =>
  page ? ['masters', names.plural, page] : ['masters', names.plural];

/** One page of a master list; the screen counts pages from 0, the server from 1. */
export function useMasterList<R extends MasterRecord>(master: MasterEndpoints<R>, page: MasterPage) {
  return useQuery({
    queryKey: listKey(master.names, page),
    queryFn: ({ signal }) =>
      callApi(master.endpoints.list, {
        query: { query: page.query.trim() || undefined, limit: page.limit, page: page.page + 1 },
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
export function useMasterMutations<R extends MasterRecord>(master: MasterEndpoints<R>) {
  const queryClient = useQueryClient();
  const { names, endpoints } = master;
  const updateCachedPages = (change: (answer: ListAnswer<R>) => ListAnswer<R>) =>
    queryClient.setQueriesData<ListAnswer<R>>({ queryKey: listKey(names) }, (answer) =>
      answer ? change(answer) : answer,
    );

  const save = useMutation({
    mutationFn: ({ id, payload }: { id?: string; payload: object }) =>
      id
        ? callApi(endpoints.update, { body: { ...payload, id } })
        : callApi(endpoints.add, { body: payload }),
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
    mutationFn: (id: string) => callApi(endpoints.remove, { query: { [names.idQuery]: id } }),
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
    // Asked only once a template is chosen.
    queryFn: templateId
      ? ({ signal }) =>
          callApi(masterEndpoints.productsOfTemplate, { query: { template_id: templateId }, signal })
      : skipToken,
  });
}

/** Spec §6: only a dentist's treatments link to the dental chart. */
export const offersDentalChart = (partner: Pick<PartnerDetails, 'speciality_type'>) =>
  partner.speciality_type === 'DENTIST';

/** The dental chart's treatment types: the same for every clinic, so asked once. */
export const dentalTreatmentTypesQuery = queryOptions({
  queryKey: ['masters', 'dental-treatment-types'],
  queryFn: ({ signal }) => callApi(masterEndpoints.dentalTreatmentTypes, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDentalTreatmentTypes(enabled: boolean) {
  return useQuery({ ...dentalTreatmentTypesQuery, enabled });
}
