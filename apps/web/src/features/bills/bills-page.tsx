import { PageHeader } from '../../components/page-header';

export function BillsPage() {
  return (
    <PageHeader
      title="Bills"
      description="Find bills by patient name, phone number or date, and open a bill or a patient's bill history."
    />
  );
}
