import { useMutation } from '@tanstack/react-query';
import { type leadRequest, leadResponse } from '@vaidya/contract/leads';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type Lead = z.output<typeof leadRequest>;

export function createLead(lead: Lead) {
  return apiRequest('POST', '/public/leads', { body: lead, schema: leadResponse, anonymous: true });
}

/** Shared by the form and its dialog, which must not close while a request is on its way. */
export const createLeadMutationKey = ['create-lead'];

export function useCreateLead() {
  return useMutation({ mutationKey: createLeadMutationKey, mutationFn: createLead });
}
