import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { settingsScreenTexts as texts } from '@vaidya/contract/schedule-screens';
import { PageHeader } from '../../components/page-header';
import { useClinic } from '../../lib/clinic-context';
import { LocationsSection } from './components/locations-section';
import { QueuesSection } from './components/queues-section';

/** Spec §2 "settings": the clinic's locations, and the queues of the location being worked on. */
export function SettingsPage() {
  const { location } = useClinic();
  return (
    <>
      <PageHeader title={texts.title} description={texts.description} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <LocationsSection />
        {location ? (
          <QueuesSection key={location.id} location={location} />
        ) : (
          <Alert severity="info">{texts.queues.noLocation}</Alert>
        )}
      </Box>
    </>
  );
}
