import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import { documentPageTexts as texts } from '@vaidya/contract/prescription-screens';

interface SendWhatsAppButtonProps {
  sending: boolean;
  onSend: () => void;
}

/** Spec §4 "WhatsApp send": idle, then sending (disabled, with a spinner); the toasts come from useSendDocument. */
export function SendWhatsAppButton({ sending, onSend }: SendWhatsAppButtonProps) {
  return (
    <Button
      variant="contained"
      startIcon={<WhatsAppIcon />}
      loading={sending}
      loadingPosition="start"
      onClick={onSend}
    >
      {sending ? texts.sending : texts.sendWhatsApp}
    </Button>
  );
}
