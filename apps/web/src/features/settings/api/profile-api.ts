import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Location, PartnerDetails } from '@vaidya/contract/partner';
import { type EditPartnerDetailsBody, partnerSettingsEndpoints } from '@vaidya/contract/partner-settings';
import { scheduleEndpoints, type UpdateLocationBody } from '@vaidya/contract/schedule';
import { callApi } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { replaceOrAppend } from '../../../lib/replace-or-append';

/** The dashboard shell's query of the partner, whose locations fill the location menu. */

/** Every profile and image change alters the partner details the dashboard shell holds. */
function useRefreshingPartnerMutation<Payload, Answer>(mutationFn: (payload: Payload) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.partnerDetails }),
  });
}

export function useEditPartnerDetails() {
  return useRefreshingPartnerMutation((payload: EditPartnerDetailsBody) =>
    callApi(partnerSettingsEndpoints.editDetails, { body: payload }),
  );
}

export function useProfileImageCalls() {
  const add = useRefreshingPartnerMutation((profileImage: string) =>
    callApi(partnerSettingsEndpoints.addProfileImage, { body: { profileImage } }),
  );
  const remove = useRefreshingPartnerMutation((profileImage: string) =>
    callApi(partnerSettingsEndpoints.deleteProfileImage, { body: { profileImage } }),
  );
  return { add, remove };
}

export function useLocationImageCalls(locationId: string) {
  const add = useRefreshingPartnerMutation((locationImage: string) =>
    callApi(partnerSettingsEndpoints.addLocationImage, { body: { locationId, locationImage } }),
  );
  const remove = useRefreshingPartnerMutation((locationImage: string) =>
    callApi(partnerSettingsEndpoints.deleteLocationImage, { body: { locationId, locationImage } }),
  );
  return { add, remove };
}

/**
 * Adds a location, or edits one when `id` is given. The saved location replaces its
 * entry in the partner's locations or is appended (spec §4), so the location menu
 * shows it at once; the partner is then asked for again to be sure.
 */
export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: Omit<UpdateLocationBody, 'id'> & { id?: string }) =>
      payload.id
        ? callApi(scheduleEndpoints.updateLocation, { body: { ...payload, id: payload.id } })
        : callApi(scheduleEndpoints.addLocation, { body: payload }),
    onSuccess: (saved) => {
      queryClient.setQueryData<PartnerDetails>(sharedKeys.partnerDetails, (partner) =>
        partner
          ? { ...partner, locations: replaceOrAppend<Location>(partner.locations, saved.data) }
          : partner,
      );
      return queryClient.invalidateQueries({ queryKey: sharedKeys.partnerDetails });
    },
  });
}
