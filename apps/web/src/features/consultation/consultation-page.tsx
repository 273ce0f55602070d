import { patientSchema } from '@vaidya/contract/bookings';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { lazy } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DocumentEditorPage } from '../../components/documents/document-editor-page';
import { useClinic } from '../../lib/clinic-context';
import { useConsultationForm } from './api/consultation-api';
import { draftOfForm, emptyDraft, type PatientPrefill } from './consultation-draft';

// The editor (pickers, medicines table) is asked for as soon as the page arrives, so
// it downloads alongside the saved form rather than before the page can show anything.
const editorModule = import('./consultation-editor');
const ConsultationEditor = lazy(async () => ({ default: (await editorModule).ConsultationEditor }));

const prefillSchema = patientSchema.pick({ name: true, mobile: true, age: true, gender: true });

/** The patient the bookings screen or the patient page handed over (`BookingHandover`); after a reload it is gone, and the fields start empty. */
function patientOf(state: unknown): PatientPrefill | null {
  if (typeof state !== 'object' || state === null || !('patient' in state)) return null;
  const parsed = prefillSchema.safeParse(state.patient);
  return parsed.success ? parsed.data : null;
}

/**
 * `/dashboard/consultation`: `?slot=<booking>` writes the booking's prescription (or
 * edits it when it has one), `?id=<form>` edits a saved one, and neither writes a
 * walk-in's, for the patient handed over when there is one.
 */
export function ConsultationPage() {
  const [params] = useSearchParams();
  const slotId = params.get('slot');
  const formId = params.get('id');
  const routerState: unknown = useLocation().state;
  const { location } = useClinic();
  const saved = useConsultationForm({ slotId, formId });
  const walkIn = !slotId && !formId;
  const newTarget = { formId: null, slotId, locationId: location?.id ?? null };

  return (
    <DocumentEditorPage
      start={walkIn ? null : saved}
      editing={Boolean(saved.data)}
      words={words}
      fetchFailed={words.fetchError}
      placeholders={[120, 80, 160, 160]}
    >
      {(form) =>
        walkIn ? (
          <ConsultationEditor initial={emptyDraft(patientOf(routerState))} target={newTarget} />
        ) : (
          <ConsultationEditor
            key={form?.id ?? slotId}
            initial={form ? draftOfForm(form) : emptyDraft(patientOf(routerState))}
            target={
              form ? { formId: form.id, slotId: form.slot_id, locationId: form.location_id } : newTarget
            }
            onOpenExisting={() => saved.refetch()}
          />
        )
      }
    </DocumentEditorPage>
  );
}
