import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { settingsScreenTexts as texts } from '@vaidya/contract/schedule-screens';
import { staffSettingsTexts } from '@vaidya/contract/staff-screens';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useClinic } from '../../lib/clinic-context';
import { paths } from '../../lib/paths';
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
 * printed on its prescriptions, the queues of the location being worked on, the
 * waiting-room TVs (issue 12), and the way to its staff and doctor profiles (issue 23).
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
        <SectionCard title={staffSettingsTexts.title} description={staffSettingsTexts.description}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" component={Link} to={paths.staff}>
              {staffSettingsTexts.open}
            </Button>
            <Button component={Link} to={paths.doctorProfile}>
              {staffSettingsTexts.profile}
            </Button>
          </Box>
        </SectionCard>
      </Box>
    </>
  );
}
