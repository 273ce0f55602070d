import { PageHeader } from '../../components/page-header';

export function PaymentPage() {
  return (
    <PageHeader
      title="Payment"
      description="Your wallet balance and recharges; each booking is charged to the wallet."
    />
  );
}
