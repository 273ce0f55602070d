import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { consultationFormMessages } from '@vaidya/contract/consultation-forms';
import { prescriptionLayoutTexts as texts } from '@vaidya/contract/prescription-screens';
import { acceptedImageTypes } from '@vaidya/contract/uploads';
import { type ChangeEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import {
  type LayoutElementDefinition,
  layoutElementDefinitions,
  useLayoutElementCalls,
  useLayoutElements,
} from '../api/layout-api';

function LayoutElementRow({ definition, url }: { definition: LayoutElementDefinition; url: string | null }) {
  const label = texts.elements[definition.name];
  const { upload, remove } = useLayoutElementCalls(definition);
  const [confirming, setConfirming] = useState(false);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after a failure uploads it again.
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, { onSuccess: () => toast.success(consultationFormMessages.layoutImageSaved) });
  };
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.success(answer.message ?? consultationFormMessages.layoutImagesDeleted);
      },
    });
  const uploadLabel = url ? texts.replace(label) : texts.upload(label);

  return (
    <Stack role="group" aria-label={label} spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      {url ? (
        <Box
          component="img"
          src={url}
          alt={texts.imageAlt(label)}
          sx={{
            display: 'block',
            maxWidth: 1,
            maxHeight: 96,
            objectFit: 'contain',
            alignSelf: 'flex-start',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {texts.notSet}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<UploadIcon />}
          disabled={upload.isPending}
        >
          {upload.isPending ? texts.uploading : uploadLabel}
          <input
            hidden
            type="file"
            accept={acceptedImageTypes}
            aria-label={uploadLabel}
            onChange={chooseFile}
          />
        </Button>
        {url ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={upload.isPending}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {texts.delete(label)}
          </Button>
        ) : null}
      </Stack>
      {upload.error ? <Alert severity="error">{upload.error.message}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title={texts.confirmTitle(label)}
        body={texts.confirmBody(label)}
        working={remove.isPending}
        error={remove.error}
        errorFallback={texts.deleteError}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

/** Settings → the header, authorised signature and footer printed on every prescription. */
export function ConsultationLayoutSection() {
  const layout = useLayoutElements();
  return (
    <SectionCard title={texts.title} description={texts.description}>
      {layout.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : layout.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => layout.refetch()}>
              {texts.retry}
            </Button>
          }
        >
          {texts.loadError}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {layoutElementDefinitions.map((definition) => (
            <LayoutElementRow
              key={definition.name}
              definition={definition}
              url={layout.data[definition.field]}
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
