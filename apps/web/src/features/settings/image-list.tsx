import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { partnerMessages } from '@vaidya/contract/partner';
import { imageListTexts as texts } from '@vaidya/contract/settings-screens';
import { acceptedImageTypes, fileUrl, type UploadPurpose } from '@vaidya/contract/uploads';
import type { ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { useImageUpload } from './use-image-upload';

interface ImageListProps {
  /** Names the row and its images for screen readers, e.g. "Clinic photos". */
  label: string;
  images: string[];
  purpose: UploadPurpose;
  /** Attaches an uploaded key to the record. */
  add: (key: string) => Promise<unknown>;
  remove: (image: string) => Promise<unknown>;
  removing: boolean;
}

/** One record's images as thumbnails, each deletable, and a file input that uploads and adds one. */
export function ImageList({ label, images, purpose, add, remove, removing }: ImageListProps) {
  const upload = useImageUpload(purpose, add);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after a failure uploads it again.
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, { onSuccess: () => toast.success(partnerMessages.imageAdded) });
  };
  const deleteImage = (image: string) =>
    remove(image).then(
      () => toast.success(partnerMessages.imageDeleted),
      (error: unknown) => toast.error(error instanceof Error ? error.message : texts.deleteError),
    );

  return (
    <Stack role="group" aria-label={label} spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      {images.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {texts.empty}
        </Typography>
      ) : (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {images.map((image, index) => (
            <Box key={image} sx={{ position: 'relative', width: 96, height: 96 }}>
              <Box
                component="img"
                src={fileUrl(image)}
                alt={texts.imageAlt(label, index + 1)}
                sx={{ width: 1, height: 1, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              <IconButton
                size="small"
                aria-label={texts.deleteNamed(label, index + 1)}
                disabled={removing}
                onClick={() => deleteImage(image)}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Box>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={upload.isPending}
        >
          {upload.isPending ? texts.uploading : texts.add}
          <input
            hidden
            type="file"
            accept={acceptedImageTypes}
            aria-label={texts.add}
            onChange={chooseFile}
          />
        </Button>
      </Box>
      {upload.error ? <Alert severity="error">{upload.error.message}</Alert> : null}
    </Stack>
  );
}
