import { useMutation } from '@tanstack/react-query';
import type { UploadPurpose } from '@vaidya/contract/uploads';
import { uploadImage } from '../../lib/upload-image';

/**
 * Uploads a chosen file and then attaches its key to the record (the profile or a
 * location), as one step whose pending state and failure the image row shows.
 */
export function useImageUpload(purpose: UploadPurpose, attach: (key: string) => Promise<unknown>) {
  return useMutation({
    mutationFn: async (file: File) => {
      const key = await uploadImage(file, purpose);
      await attach(key);
      return key;
    },
  });
}
