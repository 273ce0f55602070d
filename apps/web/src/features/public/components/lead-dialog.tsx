import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useIsMutating } from '@tanstack/react-query';
import { leadDialogTexts as texts } from '@vaidya/contract/public-screens';
import { useId } from 'react';
import { createLeadMutationKey } from '../api/create-lead';
import { LeadForm } from './lead-form';

export interface LeadDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The landing page's contact popup (spec §2). */
export function LeadDialog({ open, onClose }: LeadDialogProps) {
  const titleId = useId();
  // Closing mid-request would hide whether the request arrived.
  const saving = useIsMutating({ mutationKey: createLeadMutationKey }) > 0;
  const close = () => {
    if (!saving) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      sx={{
        '& .MuiDialog-paper': { mx: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {texts.title}
      </DialogTitle>
      <IconButton
        aria-label={texts.close}
        onClick={close}
        disabled={saving}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {texts.intro}
        </Typography>
        <LeadForm autoFocus />
      </DialogContent>
    </Dialog>
  );
}
