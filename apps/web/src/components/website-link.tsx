import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { websiteLinkTexts as texts } from '@vaidya/contract/settings-screens';
import { useRef } from 'react';
import { toast } from 'react-toastify';

/** Whether the address went to the clipboard: not where the browser has no clipboard for pages, or refuses it. */
async function copiedToClipboard(address: string): Promise<boolean> {
  if (!navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(address);
    return true;
  } catch {
    return false;
  }
}

/** Selects the element's text, as a drag of the mouse would, for the person to copy it. */
function selectText(element: HTMLElement) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * The clinic's booking website address as a link that opens it in a new tab, and a Copy link
 * button: the address goes to the clipboard with "Link copied"; where the browser offers pages no
 * clipboard (the app opened on plain http over the clinic's network), the address is selected
 * and the toast says how to copy it.
 */
export function WebsiteLink({
  address,
  centred = false,
}: {
  address: string;
  /** Centred under a centred heading, as on the QR code page; else from the start of the line. */
  centred?: boolean;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  const copy = async () => {
    if (await copiedToClipboard(address)) {
      toast.success(texts.copied);
    } else if (link.current) {
      selectText(link.current);
      toast.info(texts.selected);
    }
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: centred ? 'center' : 'flex-start' }}
    >
      <Link ref={link} href={address} target="_blank" rel="noopener" sx={{ wordBreak: 'break-all' }}>
        {address}
      </Link>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
        {texts.copyLink}
      </Button>
    </Stack>
  );
}
