import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { staffMessages } from '@vaidya/contract/staff';
import { doctorProfileTexts as texts } from '@vaidya/contract/staff-screens';
import { acceptedImageTypes } from '@vaidya/contract/uploads';
import { type ChangeEvent, lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useClinic } from '../../lib/clinic-context';
import { paths } from '../../lib/paths';
import { uploadImage } from '../../lib/upload-image';
import { useStaff, useUpdateDoctorProfile } from './api/staff-api';
import { type Profile, storedFields } from './profile';

// The form, with the form library, loads after the page, keeping it within its budget.
const ProfileFields = lazy(() =>
  import('./components/profile-fields').then(({ ProfileFields }) => ({ default: ProfileFields })),
);

/** The signature printed at the foot of the doctor's prescriptions: uploaded and saved at once, or removed. */
function SignatureField({ profile, forOther }: { profile: Profile; forOther: boolean }) {
  const save = useUpdateDoctorProfile();
  const saveSignature = (signature: string | null) =>
    save.mutateAsync({
      ...storedFields(profile),
      ...(forOther ? { userId: profile.userId } : {}),
      signature,
    });
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after a failure uploads it again.
    event.target.value = '';
    if (!file) return;
    save.reset();
    uploadImage(file, 'consultation-signature')
      .then(saveSignature)
      .then(
        (answer) => toast.success(answer.message ?? staffMessages.profileUpdated),
        (error: unknown) => toast.error(error instanceof Error ? error.message : texts.saveError),
      );
  };
  return (
    <Stack spacing={1} role="group" aria-label={texts.signature}>
      <Typography variant="subtitle2" component="h3">
        {texts.signature}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {texts.signatureHint}
      </Typography>
      {profile.signature_url ? (
        <Box
          component="img"
          src={profile.signature_url}
          alt={texts.signatureAlt}
          sx={{
            maxWidth: 240,
            maxHeight: 96,
            objectFit: 'contain',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        />
      ) : (
        <Typography variant="body2">{texts.noSignature}</Typography>
      )}
      {save.error ? <ApiErrorAlert error={save.error} fallback={texts.saveError} /> : null}
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<UploadIcon />}
          loading={save.isPending}
        >
          {profile.signature_url ? texts.replaceSignature : texts.uploadSignature}
          <input hidden type="file" accept={acceptedImageTypes} onChange={chooseFile} />
        </Button>
        {profile.signature_url ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={save.isPending}
            onClick={() =>
              saveSignature(null).then(
                (answer) => toast.success(answer.message ?? staffMessages.profileUpdated),
                () => {},
              )
            }
          >
            {texts.removeSignature}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}

function ProfileCard({ profile, forOther }: { profile: Profile; forOther: boolean }) {
  return (
    <>
      <PageHeader
        title={forOther ? texts.titleOf(profile.name) : texts.title}
        description={texts.description}
      />
      {forOther ? (
        <Button component={Link} to={paths.staff} size="small" sx={{ mb: 2 }}>
          {texts.backToStaff}
        </Button>
      ) : null}
      <SectionCard title={profile.name} description={texts.cardDescription}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
            <ProfileFields key={profile.userId} profile={profile} forOther={forOther} />
          </Suspense>
          <SignatureField profile={profile} forOther={forOther} />
        </Box>
      </SectionCard>
    </>
  );
}

/** Another member's profile, which only an owner opens, from the staff list. */
function OtherProfile({ userId }: { userId: string }) {
  const staff = useStaff();
  if (staff.isError) {
    return (
      <LoadError
        error={staff.error}
        fallback={texts.fetchError}
        retrying={staff.isFetching}
        onRetry={() => staff.refetch()}
      />
    );
  }
  if (staff.isPending) return <Skeleton variant="rounded" height={240} />;
  const member = staff.data.find((candidate) => candidate.user_id === userId);
  if (!member) return <Alert severity="info">{texts.notFound}</Alert>;
  return <ProfileCard profile={{ ...member, userId: member.user_id }} forOther />;
}

/**
 * A doctor's profile (issue 23): qualification, registration council and number, and
 * signature, printed on the prescriptions they write. Everyone reaches their own; an owner
 * also another member's, as `?user=<id>` from the staff list.
 */
export function ProfilePage() {
  const { partner } = useClinic();
  const [search] = useSearchParams();
  const asked = search.get('user');
  const { user } = partner;
  if (asked && asked !== user.id && user.role === 'owner') return <OtherProfile userId={asked} />;
  return <ProfileCard profile={{ ...user, userId: user.id }} forOther={false} />;
}
