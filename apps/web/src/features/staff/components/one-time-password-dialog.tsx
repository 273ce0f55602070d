import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { staffScreenTexts } from '@vaidya/contract/staff-screens';
import { useState } from 'react';

const texts = staffScreenTexts.oneTimePassword;

/**
 * The one-time password of someone just added or given a new one: shown once, with a copy
 * button and what to do with it. Closing forgets it; the server keeps only its hash.
 */
export function OneTimePasswordDialog({
  grant,
  onClose,
}: {
  grant: { name: string; password: string } | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog open={grant !== null} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{texts.title}</DialogTitle>
      {grant ? (
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{texts.lead(grant.name)}</DialogContentText>
            <TextField
              label={texts.label}
              value={grant.password}
              fullWidth
              slotProps={{
                htmlInput: {
                  readOnly: true,
                  spellCheck: false,
                  style: { fontFamily: 'monospace', fontSize: '1.125rem', letterSpacing: '0.05em' },
                  onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select(),
                },
              }}
            />
            <Button
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              onClick={() => copy(grant.password)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {texts.copy}
            </Button>
            {copied === 'yes' && <Alert severity="success">{texts.copied}</Alert>}
            {copied === 'failed' && <Alert severity="warning">{texts.copyFailed}</Alert>}
            <DialogContentText>{texts.body}</DialogContentText>
          </Stack>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
