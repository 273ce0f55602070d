import { bookingsScreen as texts } from '@vaidya/contract/dashboard-screens';
import { PageHeader } from '../../components/page-header';

export function BookingsPage() {
  return <PageHeader title={texts.title} description={texts.description} />;
}
