import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LayoutElements, layoutElementsResponse } from '@vaidya/contract/consultation-forms';
import type { UploadPurpose } from '@vaidya/contract/uploads';
import { apiRequest, retryOnceUnlessRefused } from '../../../lib/api-client';
import { useImageUpload } from '../use-image-upload';

/**
 * The three images printed on every prescription differ only by these names: the field
 * that holds each, its upload purpose, its upload call and body, and its delete flag.
 */
export interface LayoutElementDefinition {
  name: 'header' | 'signature' | 'footer';
  field: keyof LayoutElements;
  purpose: UploadPurpose;
  uploadPath: string;
  /** The upload call's body field, and the delete call's query flag. */
  bodyField: 'header' | 'signature' | 'footer';
}

export const layoutElementDefinitions: LayoutElementDefinition[] = [
  {
    name: 'header',
    field: 'consultation_form_header_url',
    purpose: 'consultation-header',
    uploadPath: '/consultation-form/upload-header',
    bodyField: 'header',
  },
  {
    name: 'signature',
    field: 'authorised_signature_url',
    purpose: 'consultation-signature',
    uploadPath: '/consultation-form/upload-authorised-signature',
    bodyField: 'signature',
  },
  {
    name: 'footer',
    field: 'consultation_form_footer_url',
    purpose: 'consultation-footer',
    uploadPath: '/consultation-form/upload-footer',
    bodyField: 'footer',
  },
];

const layoutKey = ['prescription-layout'];

export function useLayoutElements() {
  return useQuery({
    queryKey: layoutKey,
    queryFn: async ({ signal }) => {
      const body = await apiRequest('GET', '/consultation-form/get-layout-elements', {
        schema: layoutElementsResponse,
        signal,
      });
      return body.data;
    },
    retry: retryOnceUnlessRefused,
  });
}

/** Uploading (then attaching) and deleting one layout image; every answer is the whole layout, kept as is. */
export function useLayoutElementCalls({ purpose, uploadPath, bodyField }: LayoutElementDefinition) {
  const queryClient = useQueryClient();
  const keep = <Answer extends { data: LayoutElements }>(answer: Answer) => {
    queryClient.setQueryData(layoutKey, answer.data);
    return answer;
  };
  const upload = useImageUpload(purpose, (key) =>
    apiRequest('PUT', uploadPath, { body: { [bodyField]: key }, schema: layoutElementsResponse }).then(keep),
  );
  const remove = useMutation({
    mutationFn: () =>
      apiRequest('DELETE', '/consultation-form/delete-layout-elements', {
        query: { [bodyField]: true },
        schema: layoutElementsResponse,
      }).then(keep),
  });
  return { upload, remove };
}
