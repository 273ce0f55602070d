import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PartnerDetails, partnerEndpoints } from '@vaidya/contract/partner';
import { type Permission, roleMay, type UserRole } from '@vaidya/contract/roles';
import { useContext } from 'react';
import { callApi, retryOnceUnlessRefused } from './api-client';
import { ClinicContext } from './clinic-context';
import { sharedKeys } from './query-keys';
import { isLoggedIn } from './session';

export async function getPartnerDetails(signal?: AbortSignal): Promise<PartnerDetails> {
  const body = await callApi(partnerEndpoints.details, { signal });
  return body.data;
}

/**
 * The signed-in clinic; the dashboard's loader asks for it on arrival (decision 035), and the
 * pages outside the dashboard that need it (a prescription's preview) read it the same way.
 */
export const partnerDetailsQuery = queryOptions({
  queryKey: sharedKeys.partnerDetails,
  queryFn: ({ signal }) => getPartnerDetails(signal),
  retry: retryOnceUnlessRefused,
});

// The role is read beside the query it comes from: one module, not one more file on every page.
/**
 * The signed-in person's role (issue 23, decision 047), read from the clinic's details: from
 * the dashboard's context inside it, from the same cached query on the pages outside it (a
 * prescription's preview). Undefined while those load. The screens only hide what the role
 * cannot do; the server decides on every call.
 */
export function useRole(): UserRole | undefined {
  return useSignedInUser()?.role;
}

function useSignedInUser() {
  const clinic = useContext(ClinicContext);
  // Nobody signed in (a document opened from its public link) has no role, and is not asked about.
  const details = useQuery({ ...partnerDetailsQuery, enabled: clinic === null && isLoggedIn() });
  return (clinic?.partner ?? details.data)?.user;
}

/** Whether the signed-in role has `permission` (none: everyone may); false while the role is not known yet. */
export function useMay(permission: Permission | undefined): boolean {
  const role = useRole();
  return role !== undefined && roleMay(role, permission);
}

/** The signed-in user's id, to tell their own records (a queue they are the doctor of) from others'. */
export function useUserId(): string | undefined {
  return useSignedInUser()?.id;
}
