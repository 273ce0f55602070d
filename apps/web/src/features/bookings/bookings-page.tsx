import { PageHeader } from '../../components/page-header';

export function BookingsPage() {
  return (
    <PageHeader
      title="Bookings"
      description="The day's appointment queue for the selected location: who is booked, who has shown up, and new bookings."
    />
  );
}
