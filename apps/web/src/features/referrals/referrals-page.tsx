import { PageHeader } from '../../components/page-header';

export function ReferralsPage() {
  return <PageHeader title="Referrals" description="Referrals made through your practice." />;
}
