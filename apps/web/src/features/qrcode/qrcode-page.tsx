import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { qrCodeScreen as intro } from '@vaidya/contract/page-intros';
import { websiteAddress } from '@vaidya/contract/partner';
import { qrCodePageTexts as words } from '@vaidya/contract/qrcode-screens';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { WebsiteLink } from '../../components/website-link';
import { useClinic } from '../../lib/clinic-context';
import { paths } from '../../lib/paths';

/** Pixels across the saved image: sharp when printed on an A5 poster. */
const imageSize = 1024;
/** What the page shows of it. */
const shownSize = 280;

/** "Sushrut Dental Care" → "sushrut-dental-care"; a name with no Latin letters or digits → "clinic". */
export function clinicSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'clinic';
}

/** The code as a PNG data URL; the QR library loads only here, so the dashboard stays light. */
async function makeQrCode(address: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  // H: readable with up to 30% of the print smudged or torn; 4 modules of quiet zone, as the standard asks.
  return toDataURL(address, { errorCorrectionLevel: 'H', margin: 4, width: imageSize, type: 'image/png' });
}

/** `/dashboard/qrcode` (spec §2 "Website QR code page"). */
export function QrCodePage() {
  const { partner } = useClinic();
  const address = websiteAddress(partner, window.location.origin);
  return (
    <>
      <PageHeader title={intro.title} description={intro.description} />
      {address ? <WebsiteQrCode address={address} clinicName={partner.name} /> : <NoWebsite />}
    </>
  );
}

function WebsiteQrCode({ address, clinicName }: { address: string; clinicName: string }) {
  const qrCode = useQuery({
    queryKey: ['website-qr-code', address],
    queryFn: () => makeQrCode(address),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography>{words.linksTo}</Typography>
          <WebsiteLink address={address} centred />
        </Stack>
        <Box sx={{ width: shownSize, maxWidth: '100%', aspectRatio: '1' }}>
          {qrCode.data ? (
            <Box
              component="img"
              src={qrCode.data}
              alt={words.imageAlt(address)}
              sx={{ width: '100%', height: '100%', display: 'block' }}
            />
          ) : qrCode.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => qrCode.refetch()}>
                  {words.retry}
                </Button>
              }
            >
              {words.makeFailed}
            </Alert>
          ) : (
            <Skeleton variant="rectangular" width="100%" height="100%" aria-label={words.making} />
          )}
        </Box>
        <Button
          variant="contained"
          component="a"
          href={qrCode.data}
          download={words.fileName(clinicSlug(clinicName))}
          disabled={!qrCode.data}
        >
          {words.download}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {words.printHint}
        </Typography>
      </Stack>
    </Paper>
  );
}

function NoWebsite() {
  return (
    <Alert
      severity="info"
      sx={{ maxWidth: 560 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={paths.settings}>
          {words.openSettings}
        </Button>
      }
    >
      <AlertTitle>{words.noWebsiteTitle}</AlertTitle>
      {words.noWebsite}
    </Alert>
  );
}
