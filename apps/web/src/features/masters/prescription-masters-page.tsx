import { PageHeader } from '../../components/page-header';

export function PrescriptionMastersPage() {
  return (
    <PageHeader
      title="Consultation Masters"
      description="The complaints, observations, investigations, diagnoses, medicines, medicine templates and treatments you pick from during a consultation."
    />
  );
}
