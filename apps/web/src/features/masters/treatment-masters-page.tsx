import { PageHeader } from '../../components/page-header';

export function TreatmentMastersPage() {
  return (
    <PageHeader title="Treatment Masters" description="The treatments your practice offers and their fees." />
  );
}
