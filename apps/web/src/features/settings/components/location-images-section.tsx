import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Location } from '@vaidya/contract/partner';
import { locationImagesTexts as texts } from '@vaidya/contract/settings-screens';
import { SectionCard } from '../../../components/section-card';
import { useClinic } from '../../../lib/clinic-context';
import { useLocationImageCalls } from '../api/profile-api';
import { ImageList } from '../image-list';

function LocationImages({ location }: { location: Location }) {
  const images = useLocationImageCalls(location.id);
  return (
    <ImageList
      label={texts.imagesOf(location.location_name)}
      images={location.location_images}
      purpose="location-image"
      add={images.add.mutateAsync}
      remove={images.remove.mutateAsync}
      removing={images.remove.isPending}
    />
  );
}

/** The photos of each of the clinic's locations. */
export function LocationImagesSection() {
  const { partner } = useClinic();
  return (
    <SectionCard title={texts.title} description={texts.description}>
      {partner.locations.length === 0 ? (
        <Typography color="text.secondary">{texts.empty}</Typography>
      ) : (
        <Stack spacing={2}>
          {partner.locations.map((location) => (
            <LocationImages key={location.id} location={location} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
