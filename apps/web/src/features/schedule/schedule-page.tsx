import { PageHeader } from '../../components/page-header';

export function SchedulePage() {
  return (
    <PageHeader
      title="Schedule"
      description="Locations and their queues, with opening timings, slot sizes and off days."
    />
  );
}
