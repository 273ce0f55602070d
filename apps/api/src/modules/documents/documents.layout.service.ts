import type { LayoutElements } from '@vaidya/contract/documents';
import type { UploadPurpose } from '@vaidya/contract/uploads';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import type { UploadsService } from '../uploads/uploads.service';
import { toLayout } from './document-header';
import { findLayoutKeys, type LayoutColumn, setLayoutKeys } from './documents.repository';

export const layoutElementNames = ['header', 'footer', 'signature'] as const;
export type LayoutElement = (typeof layoutElementNames)[number];

/** Each image of the documents' layout: the partner column keeping its key, and what it must have been uploaded for. */
const layoutElements: Record<LayoutElement, { column: LayoutColumn; purpose: UploadPurpose }> = {
  header: { column: 'consultation_form_header_url', purpose: 'consultation-header' },
  footer: { column: 'consultation_form_footer_url', purpose: 'consultation-footer' },
  signature: { column: 'authorised_signature_url', purpose: 'consultation-signature' },
};

/**
 * The header, footer and signature images printed on the clinic's documents (the prescription
 * all three, the bill and the receipt the header), kept in the clinic's settings.
 */
export function createDocumentLayoutService({ db, uploads }: { db: Db; uploads: UploadsService }) {
  return {
    async getLayout({ caller }: { caller: Caller }): Promise<LayoutElements> {
      const keys = await findLayoutKeys(db, caller.partnerId);
      if (!keys) throw notFound('Partner');
      return toLayout(keys);
    },

    /** Keeps an image the caller uploaded for this element (checked as the profile images are). */
    async saveLayoutImage({
      caller,
      element,
      key,
    }: {
      caller: Caller;
      element: LayoutElement;
      key: string;
    }): Promise<LayoutElements> {
      const { column, purpose } = layoutElements[element];
      await uploads.requireUploadedImage({ partnerId: caller.partnerId, key, purpose });
      const keys = await setLayoutKeys(db, caller.partnerId, { [column]: key });
      if (!keys) throw notFound('Partner');
      return toLayout(keys);
    },

    /** Clears the chosen images. */
    async deleteLayoutImages({
      caller,
      chosen,
    }: {
      caller: Caller;
      chosen: Record<LayoutElement, boolean>;
    }): Promise<LayoutElements> {
      const cleared = Object.fromEntries(
        layoutElementNames
          .filter((element) => chosen[element])
          .map((element) => [layoutElements[element].column, null]),
      );
      const keys = await setLayoutKeys(db, caller.partnerId, cleared);
      if (!keys) throw notFound('Partner');
      return toLayout(keys);
    },
  };
}
