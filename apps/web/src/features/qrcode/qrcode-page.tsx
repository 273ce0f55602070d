import { PageHeader } from '../../components/page-header';

export function QrCodePage() {
  return (
    <PageHeader
      title="QR Code of your website"
      description="A QR code that links to your website address, to download and print."
    />
  );
}
