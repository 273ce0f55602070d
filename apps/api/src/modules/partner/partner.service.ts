import { toRupees } from '@vaidya/contract/bill-arithmetic';
import {
  type Location,
  maxImagesPerRecord,
  type PartnerDetails,
  partnerMessages,
} from '@vaidya/contract/partner';
import { type EditPartnerDetailsBody, siteHost } from '@vaidya/contract/partner-settings';
import { fileUrl } from '@vaidya/contract/uploads';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import { appHostCheck } from '../../http/app-host';
import { type Caller, worksAt } from '../access/authenticate';
import type { UploadsService } from '../uploads/uploads.service';
import {
  findPartnerWithUser,
  findWebsiteName,
  forgetOldWebsiteName,
  isSiteHostHeldByAnother,
  isWebsiteNameHeldByAnother,
  keepOldWebsiteName,
  listDoctors,
  listLocations,
  lockDomainChanges,
  lockLocationImages,
  lockProfileImages,
  lockWebsiteNameChanges,
  setLocationImages,
  setProfileImages,
  updatePartnerDetails,
} from './partner.repository';

/** A list of images with one more: refused when it is already there or the list is full. */
function withImage(images: string[], image: string): string[] {
  if (images.includes(image)) throw new AppError('CONFLICT', partnerMessages.imageAlreadyAdded);
  if (images.length >= maxImagesPerRecord) throw new AppError('BUSINESS_RULE', partnerMessages.tooManyImages);
  return [...images, image];
}

function withoutImage(images: string[], image: string): string[] {
  if (!images.includes(image)) throw new AppError('NOT_FOUND', partnerMessages.imageNotListed);
  return images.filter((listed) => listed !== image);
}

export function createPartnerService({
  db,
  uploads,
  publicUrl,
}: {
  db: Db;
  uploads: UploadsService;
  /** The app's address (PUBLIC_URL): its host is no clinic's website address. */
  publicUrl: string | undefined;
}) {
  const isAppHost = appHostCheck(publicUrl);

  /**
   * Refuses a website address (`https://<host>`, as the contract gives it) that is the app's own
   * host, and one another clinic holds with or without `www.` (decision 028); until the
   * transaction ends no other clinic can take it.
   */
  async function requireDomainFree(tx: Db, partnerId: string, domainUrl: string) {
    const host = siteHost(new URL(domainUrl).hostname);
    if (isAppHost(host)) throw new AppError('VALIDATION_FAILED', partnerMessages.domainUrlIsAppAddress);
    await lockDomainChanges(tx);
    if (await isSiteHostHeldByAnother(tx, { partnerId, host })) {
      throw new AppError('CONFLICT', partnerMessages.domainUrlTaken);
    }
  }

  /**
   * Gets the partner's website name ready to become `name` (null: none): a name another clinic
   * has, now or as an old name, answers 409; the name given up stays the clinic's as an old name,
   * whose address leads to the new one, and a name taken back is no longer an old one (decision 030).
   * Until the transaction ends no other clinic can take either.
   */
  async function changeWebsiteName(tx: Db, partnerId: string, name: string | null) {
    await lockWebsiteNameChanges(tx);
    const current = (await findWebsiteName(tx, partnerId))?.toLowerCase() ?? null;
    if (name === current) return;
    if (name !== null) {
      if (await isWebsiteNameHeldByAnother(tx, { partnerId, name })) {
        throw new AppError('CONFLICT', partnerMessages.qrCodeDomainTaken);
      }
      await forgetOldWebsiteName(tx, { partnerId, name });
    }
    if (current !== null) await keepOldWebsiteName(tx, { partnerId, name: current });
  }

  /** The signed-in partner's clinic, its locations in the order they were added, and the user. */
  async function getPartnerDetails({ caller }: { caller: Caller }): Promise<PartnerDetails> {
    const [row, partnerLocations, doctors] = await Promise.all([
      findPartnerWithUser(db, { partnerId: caller.partnerId, userId: caller.userId }),
      listLocations(db, caller.partnerId),
      listDoctors(db, caller.partnerId),
    ]);
    if (!row) throw notFound('Partner');
    const { partner } = row;
    const { signature_key: signatureKey, ...user } = row.user;
    return {
      id: partner.id,
      name: partner.name,
      wallet_balance: Number(partner.wallet_balance),
      wallet_owed: toRupees(partner.wallet_owed_paise),
      charge_per_booking: Number(partner.charge_per_booking),
      subscription_type: partner.subscription_type,
      profile_images: partner.profile_images,
      qr_code_domain: partner.qr_code_domain,
      domain_url: partner.domain_url,
      speciality_type: partner.speciality_type,
      time_zone: partner.time_zone,
      booking_window_days: partner.booking_window_days,
      tooth_numbering: partner.tooth_numbering,
      print_dental_chart: partner.print_dental_chart,
      // A member of staff who is not an owner is shown only the locations they work at.
      locations: partnerLocations.filter((location) => worksAt(caller, location.id)),
      user: { ...user, signature_url: signatureKey ? fileUrl(signatureKey) : null },
      doctors,
    };
  }

  async function changeProfileImages(caller: Caller, change: (images: string[]) => string[]) {
    await db.transaction(async (tx) => {
      const images = await lockProfileImages(tx, caller.partnerId);
      if (!images) throw notFound('Partner');
      await setProfileImages(tx, caller.partnerId, change(images));
    });
    return getPartnerDetails({ caller });
  }

  async function changeLocationImages(
    caller: Caller,
    locationId: string,
    change: (images: string[]) => string[],
  ): Promise<Location> {
    return db.transaction(async (tx) => {
      const images = await lockLocationImages(tx, caller.partnerId, locationId);
      if (!images) throw notFound('Location');
      const location = await setLocationImages(tx, caller.partnerId, locationId, change(images));
      if (!location) throw notFound('Location');
      return location;
    });
  }

  return {
    getPartnerDetails,

    /**
     * The clinic profile; a website name or address another clinic holds (a website name also
     * as an old name) answers 409, the app's own address 400.
     */
    async editPartnerDetails({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: EditPartnerDetailsBody;
    }): Promise<PartnerDetails> {
      try {
        await db.transaction(async (tx) => {
          if (payload.domainUrl) await requireDomainFree(tx, caller.partnerId, payload.domainUrl);
          // Blank clears like null; absent keeps what is there.
          const websiteName = payload.qrCodeDomain === '' ? null : payload.qrCodeDomain;
          if (websiteName !== undefined) await changeWebsiteName(tx, caller.partnerId, websiteName);
          await updatePartnerDetails(tx, caller.partnerId, {
            name: payload.name,
            speciality_type: payload.specialityType,
            qr_code_domain: websiteName,
            domain_url: payload.domainUrl === '' ? null : payload.domainUrl,
            booking_window_days: payload.bookingWindowDays,
            tooth_numbering: payload.toothNumbering,
            print_dental_chart: payload.printDentalChart,
          });
        });
      } catch (error) {
        if (isUniqueViolationOf(error, 'partners_qr_code_domain_key')) {
          throw new AppError('CONFLICT', partnerMessages.qrCodeDomainTaken);
        }
        if (isUniqueViolationOf(error, 'partners_domain_url_key')) {
          throw new AppError('CONFLICT', partnerMessages.domainUrlTaken);
        }
        throw error;
      }
      return getPartnerDetails({ caller });
    },

    async addProfileImage({ caller, profileImage }: { caller: Caller; profileImage: string }) {
      await uploads.requireUploadedImage({
        partnerId: caller.partnerId,
        key: profileImage,
        purpose: 'profile-image',
      });
      return changeProfileImages(caller, (images) => withImage(images, profileImage));
    },

    async deleteProfileImage({ caller, profileImage }: { caller: Caller; profileImage: string }) {
      return changeProfileImages(caller, (images) => withoutImage(images, profileImage));
    },

    async addLocationImage({
      caller,
      locationId,
      locationImage,
    }: {
      caller: Caller;
      locationId: string;
      locationImage: string;
    }): Promise<Location> {
      await uploads.requireUploadedImage({
        partnerId: caller.partnerId,
        key: locationImage,
        purpose: 'location-image',
      });
      return changeLocationImages(caller, locationId, (images) => withImage(images, locationImage));
    },

    async deleteLocationImage({
      caller,
      locationId,
      locationImage,
    }: {
      caller: Caller;
      locationId: string;
      locationImage: string;
    }): Promise<Location> {
      return changeLocationImages(caller, locationId, (images) => withoutImage(images, locationImage));
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
