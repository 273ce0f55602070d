import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { settingsScreenTexts as texts } from '@vaidya/contract/schedule-screens';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/page-header';
import { useClinic } from '../../lib/clinic-context';
import { LocationsSection } from './components/locations-section';
import { QueuesSection } from './components/queues-section';

// The profile form and the photo rows (react-hook-form, the upload flow) load after the
// locations and queues a receptionist comes here for, keeping the page within its budget.
const ClinicProfileSection = lazy(() =>
  import('./components/clinic-profile-section').then((module) => ({ default: module.ClinicProfileSection })),
);
const ConsultationLayoutSection = lazy(() =>
  import('./components/consultation-layout-section').then((module) => ({
    default: module.ConsultationLayoutSection,
  })),
);
const LocationImagesSection = lazy(() =>
  import('./components/location-images-section').then((module) => ({
    default: module.LocationImagesSection,
  })),
);

const TvDisplaysSection = lazy(() =>
  import('./components/tv-displays-section').then((module) => ({ default: module.TvDisplaysSection })),
);

const sectionPlaceholder = <Skeleton variant="rounded" height={180} />;

/**
 * Spec §2 "settings": the clinic's profile, its locations with their photos, the images
 * printed on its prescriptions, the queues of the location being worked on, and the
 * waiting-room TVs (issue 12).
 */
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
        <Suspense fallback={sectionPlaceholder}>
          <ClinicProfileSection />
        </Suspense>
        <Suspense fallback={sectionPlaceholder}>
          <LocationImagesSection />
        </Suspense>
        <Suspense fallback={sectionPlaceholder}>
          <ConsultationLayoutSection />
        </Suspense>
        <LocationsSection />
        {location ? (
          <QueuesSection key={location.id} location={location} />
        ) : (
          <Alert severity="info">{texts.queues.noLocation}</Alert>
        )}
        <Suspense fallback={sectionPlaceholder}>
          <TvDisplaysSection />
        </Suspense>
      </Box>
    </>
  );
}
