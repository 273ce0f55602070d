import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Location, PartnerDetails } from '@vaidya/contract/partner';
import { type EditPartnerDetailsBody, partnerSettingsEndpoints } from '@vaidya/contract/partner-settings';
import { scheduleEndpoints, type UpdateLocationBody } from '@vaidya/contract/schedule';
import {
  type FileUploadForm,
  imageFileRefusal,
  type UploadContentType,
  type UploadPurpose,
  uploadEndpoints,
  uploadMessages,
} from '@vaidya/contract/uploads';
import { ApiError, callApi } from '../../../lib/api-client';
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

/** Posts the signed form's fields and then the file, last and named `file`, as the storage requires. */
async function postSignedForm(form: FileUploadForm, file: File): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(form.url, { method: 'POST', body });
  } catch (error) {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: uploadMessages.uploadFailed,
      cause: error,
    });
  }
  // Spec §8: only 204 means the storage kept the file.
  if (response.status !== 204) {
    // Our own endpoint says why (a damaged image, the clinic's storage full); S3's XML says nothing a clinic can act on.
    const reason: unknown = await response.json().then(
      (body: { message?: unknown } | null) => body?.message,
      () => undefined,
    );
    throw new ApiError({
      status: response.status,
      code: 'UPLOAD_FAILED',
      message:
        typeof reason === 'string' ? uploadMessages.uploadFailedBecause(reason) : uploadMessages.uploadFailed,
    });
  }
}

/**
 * Uploads one image for `purpose` and answers the key the image calls take. A file of a
 * type the server does not take, or over the size limit, is refused here, before any
 * request, with the sentence that states the limit and the accepted types.
 */
export async function uploadImage(file: File, purpose: UploadPurpose): Promise<string> {
  const refusal = imageFileRefusal(file);
  if (refusal) throw new Error(refusal);
  const { data: form } = await callApi(uploadEndpoints.uploadForm, {
    body: { fileName: file.name, contentType: file.type as UploadContentType, purpose },
  });
  await postSignedForm(form, file);
  return form.key;
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
