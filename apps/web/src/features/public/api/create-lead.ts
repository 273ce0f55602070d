import { useMutation } from '@tanstack/react-query';
import { leadEndpoints, type leadRequest } from '@vaidya/contract/leads';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

export type Lead = z.output<typeof leadRequest>;

export function createLead(lead: Lead) {
  return callApi(leadEndpoints.create, { body: lead });
}

/** Shared by the form and its dialog, which must not close while a request is on its way. */
export const createLeadMutationKey = ['create-lead'];

export function useCreateLead() {
  return useMutation({ mutationKey: createLeadMutationKey, mutationFn: createLead });
}
