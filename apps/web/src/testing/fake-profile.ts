import { type PartnerDetails, partnerMessages } from '@vaidya/contract/partner';
import type {
  EditPartnerDetailsBody,
  LocationImageBody,
  ProfileImageBody,
} from '@vaidya/contract/partner-settings';
import type { GenerateFileUploadUrlBody } from '@vaidya/contract/uploads';
import { type Handler, sushrutDental } from './fake-server';

/** Where the fake signed forms post to, as the local storage's upload endpoint. */
export const fakeUploadUrl = '/api/public/uploads';

/**
 * The clinic profile and image calls over a partner kept in memory, and the upload
 * flow: each signed form gets the next key, and the storage answers `uploadStatus`
 * (204 means stored), with `uploadRefusal` as its JSON message when given.
 */
export function fakeProfile({
  uploadStatus = 204,
  uploadRefusal,
}: {
  uploadStatus?: number;
  uploadRefusal?: string;
} = {}): Record<string, Handler> {
  let partner: PartnerDetails = { ...sushrutDental };
  let uploads = 0;
  const answerPartner = (message: string) => Response.json({ data: partner, message });
  const changeLocationImages = (
    locationId: string,
    change: (images: string[]) => string[],
    message: string,
  ) => {
    partner = {
      ...partner,
      locations: partner.locations.map((location) =>
        location.id === locationId
          ? { ...location, location_images: change(location.location_images) }
          : location,
      ),
    };
    const changed = partner.locations.find((location) => location.id === locationId);
    return Response.json({ data: changed, message });
  };

  return {
    'GET /api/get-partner-details': () => Response.json({ data: partner }),
    'PUT /api/v2/edit-partner-details': (request) => {
      const payload = request.body as EditPartnerDetailsBody;
      partner = {
        ...partner,
        name: payload.name,
        speciality_type: payload.specialityType,
        booking_window_days: payload.bookingWindowDays ?? partner.booking_window_days,
      };
      return answerPartner(partnerMessages.detailsUpdated);
    },
    'POST /api/generate-file-upload-url': (request) => {
      const payload = request.body as GenerateFileUploadUrlBody;
      uploads += 1;
      const key = `${partner.id}/${payload.purpose}/uploaded-image-number-${uploads}.png`;
      return Response.json({ data: { url: fakeUploadUrl, fields: { key, policy: 'signed' }, key } });
    },
    [`POST ${fakeUploadUrl}`]: () =>
      uploadRefusal
        ? Response.json({ message: uploadRefusal, code: 'UNSUPPORTED_MEDIA_TYPE' }, { status: uploadStatus })
        : new Response(null, { status: uploadStatus }),
    'POST /api/v2/add-profile-image': (request) => {
      const { profileImage } = request.body as ProfileImageBody;
      partner = { ...partner, profile_images: [...partner.profile_images, profileImage] };
      return answerPartner(partnerMessages.imageAdded);
    },
    'PUT /api/v2/delete-profile-image': (request) => {
      const { profileImage } = request.body as ProfileImageBody;
      partner = {
        ...partner,
        profile_images: partner.profile_images.filter((image) => image !== profileImage),
      };
      return answerPartner(partnerMessages.imageDeleted);
    },
    'POST /api/v2/add-location-image': (request) => {
      const payload = request.body as LocationImageBody;
      return changeLocationImages(
        payload.locationId,
        (images) => [...images, payload.locationImage],
        partnerMessages.imageAdded,
      );
    },
    'PUT /api/v2/delete-location-image': (request) => {
      const payload = request.body as LocationImageBody;
      return changeLocationImages(
        payload.locationId,
        (images) => images.filter((image) => image !== payload.locationImage),
        partnerMessages.imageDeleted,
      );
    },
  };
}
