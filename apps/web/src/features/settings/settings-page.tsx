import { PageHeader } from '../../components/page-header';

export function SettingsPage() {
  return (
    <PageHeader
      title="Settings"
      description="Your practice details and images, and the header, signature and footer printed on prescriptions."
    />
  );
}
