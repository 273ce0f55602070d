import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { patientSchema } from '@vaidya/contract/bookings';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageHeader } from '../../components/page-header';
import { useClinic } from '../../lib/clinic-context';
import { useConsultationForm } from './api/consultation-api';
import { draftOfForm, emptyDraft, type PatientPrefill } from './consultation-draft';

// The editor (pickers, medicines table) is asked for as soon as the page arrives, so
// it downloads alongside the saved form rather than before the page can show anything.
const editorModule = import('./consultation-editor');
const ConsultationEditor = lazy(async () => ({ default: (await editorModule).ConsultationEditor }));

const prefillSchema = patientSchema.pick({ name: true, mobile: true, age: true, gender: true });

/** The patient the bookings screen handed over (`BookingHandover`); after a reload it is gone, and the fields start empty. */
function patientOf(state: unknown): PatientPrefill | null {
  if (typeof state !== 'object' || state === null || !('patient' in state)) return null;
  const parsed = prefillSchema.safeParse(state.patient);
  return parsed.success ? parsed.data : null;
}

/**
 * `/dashboard/consultation`: `?slot=<booking>` writes the booking's prescription (or
 * edits it when it has one), `?id=<form>` edits a saved one, and neither writes a
 * walk-in's.
 */
export function ConsultationPage() {
  const [params] = useSearchParams();
  const slotId = params.get('slot');
  const formId = params.get('id');
  const routerState: unknown = useLocation().state;
  const { location } = useClinic();
  const saved = useConsultationForm({ slotId, formId });
  const walkIn = !slotId && !formId;
  const form = saved.data ?? null;

  const header = (
    <PageHeader title={form ? words.editTitle : words.newTitle} description={words.description} />
  );

  if (walkIn)
    return (
      <Suspense fallback={<EditorSkeleton />}>
        {header}
        <ConsultationEditor
          initial={emptyDraft(null)}
          target={{ formId: null, slotId: null, locationId: location?.id ?? null }}
        />
      </Suspense>
    );
  if (saved.isPending) return <EditorSkeleton />;
  if (saved.isError)
    return (
      <>
        {header}
        <ApiErrorAlert
          error={saved.error}
          fallback={words.fetchError}
          action={
            <Button color="inherit" size="small" loading={saved.isFetching} onClick={() => saved.refetch()}>
              {words.retry}
            </Button>
          }
        />
      </>
    );
  return (
    <Suspense fallback={<EditorSkeleton />}>
      {header}
      <ConsultationEditor
        key={form?.id ?? slotId}
        initial={form ? draftOfForm(form) : emptyDraft(patientOf(routerState))}
        target={
          form
            ? { formId: form.id, slotId: form.slot_id, locationId: form.location_id }
            : { formId: null, slotId, locationId: location?.id ?? null }
        }
        onOpenExisting={() => saved.refetch()}
      />
    </Suspense>
  );
}

function EditorSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label={words.loading}>
      {[120, 80, 160, 160].map((height, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
