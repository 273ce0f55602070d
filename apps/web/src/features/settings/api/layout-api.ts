import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consultationFormEndpoints, type LayoutElements } from '@vaidya/contract/consultation-forms';
import type { UploadPurpose } from '@vaidya/contract/uploads';
import type { z } from 'zod';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

type LayoutAnswer = z.output<typeof consultationFormEndpoints.layout.response>;

import { useImageUpload } from '../use-image-upload';

/**
 * The three images printed on every prescription differ only by these names: the field
 * that holds each, its upload purpose, the call that attaches an uploaded image as it, and
 * its delete flag.
 */
export interface LayoutElementDefinition {
  name: 'header' | 'signature' | 'footer';
  field: keyof LayoutElements;
  purpose: UploadPurpose;
  /** Prints the image uploaded under `key` as this element. */
  attach: (key: string) => Promise<LayoutAnswer>;
  /** The delete call's query flag. */
  deleteFlag: 'header' | 'signature' | 'footer';
}

export const layoutElementDefinitions: LayoutElementDefinition[] = [
  {
    name: 'header',
    field: 'consultation_form_header_url',
    purpose: 'consultation-header',
    attach: (key) => callApi(consultationFormEndpoints.uploadHeader, { body: { header: key } }),
    deleteFlag: 'header',
  },
  {
    name: 'signature',
    field: 'authorised_signature_url',
    purpose: 'consultation-signature',
    attach: (key) => callApi(consultationFormEndpoints.uploadSignature, { body: { signature: key } }),
    deleteFlag: 'signature',
  },
  {
    name: 'footer',
    field: 'consultation_form_footer_url',
    purpose: 'consultation-footer',
    attach: (key) => callApi(consultationFormEndpoints.uploadFooter, { body: { footer: key } }),
    deleteFlag: 'footer',
  },
];

const layoutKey = ['prescription-layout'];

export function useLayoutElements() {
  return useQuery({
    queryKey: layoutKey,
    queryFn: async ({ signal }) => (await callApi(consultationFormEndpoints.layout, { signal })).data,
    retry: retryOnceUnlessRefused,
  });
}

/** Uploading (then attaching) and deleting one layout image; every answer is the whole layout, kept as is. */
export function useLayoutElementCalls({ purpose, attach, deleteFlag }: LayoutElementDefinition) {
  const queryClient = useQueryClient();
  const keep = (answer: LayoutAnswer) => {
    queryClient.setQueryData(layoutKey, answer.data);
    return answer;
  };
  const upload = useImageUpload(purpose, (key) => attach(key).then(keep));
  const remove = useMutation({
    mutationFn: () =>
      callApi(consultationFormEndpoints.deleteLayout, { query: { [deleteFlag]: 'true' } }).then(keep),
  });
  return { upload, remove };
}
