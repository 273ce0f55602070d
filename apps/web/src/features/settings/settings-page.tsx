import { settingsScreen as texts } from '@vaidya/contract/dashboard-screens';
import { PageHeader } from '../../components/page-header';

export function SettingsPage() {
  return <PageHeader title={texts.title} description={texts.description} />;
}
