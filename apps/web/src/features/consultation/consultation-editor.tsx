import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { consultationFormMessages } from '@vaidya/contract/consultation-forms';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { indianMobileSchema } from '@vaidya/contract/mobile';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { ApiError } from '../../lib/api-client';
import { useClinic } from '../../lib/clinic-context';
import { masterSearches } from '../../lib/master-searches';
import { useSaveConsultationForm } from './api/consultation-api';
import { MedicinesSection } from './components/medicines-section';
import { PatientSection } from './components/patient-section';
import { PickedListSection } from './components/picked-list-section';
import { TreatmentsSection } from './components/treatments-section';
import { VitalsSection } from './components/vitals-section';
import {
  bodyOfDraft,
  checkDraft,
  type Draft,
  type FieldErrors,
  type PickedItem,
  type PickedList,
  pickedFromMaster,
} from './consultation-draft';

const EarlierPrescriptionsDialog = lazy(async () => ({
  default: (await import('./components/earlier-prescriptions-dialog')).EarlierPrescriptionsDialog,
}));

/** The four lists that are names alone, each over its master. */
const pickedLists: {
  list: PickedList;
  search: (term: string, signal: AbortSignal) => Promise<PickedItem[]>;
}[] = [
  {
    list: 'complaints',
    search: async (term, signal) =>
      (await masterSearches.complaints(term, signal)).map((row) =>
        pickedFromMaster(row.id, row.complaint_name),
      ),
  },
  {
    list: 'observations',
    search: async (term, signal) =>
      (await masterSearches.observations(term, signal)).map((row) =>
        pickedFromMaster(row.id, row.observation_name),
      ),
  },
  {
    list: 'diagnoses',
    search: async (term, signal) =>
      (await masterSearches.diagnoses(term, signal)).map((row) =>
        pickedFromMaster(row.id, row.diagnosis_name),
      ),
  },
  {
    list: 'investigations',
    search: async (term, signal) =>
      (await masterSearches.investigations(term, signal)).map((row) =>
        pickedFromMaster(row.id, row.investigation_name),
      ),
  },
];

const patientFields = new Set(['customerName', 'customerMobile', 'customerAge', 'customerGender']);

export interface EditorTarget {
  /** The saved form being edited; null writes a new one. */
  formId: string | null;
  slotId: string | null;
  /** Where a new walk-in's prescription is printed; an existing form keeps its own. */
  locationId: string | null;
}

/**
 * The consultation form: patient, vitals, the lists picked from the clinic's masters,
 * treatments (with teeth for a dentist) and medicines. Saving checks it with the
 * contract first, then opens the prescription preview. Until then, leaving asks first.
 */
export function ConsultationEditor({
  initial,
  target,
  onOpenExisting,
}: {
  initial: Draft;
  target: EditorTarget;
  /** Loads the form another desk saved for this booking meanwhile (after a 409). */
  onOpenExisting?: () => void;
}) {
  const { partner } = useClinic();
  const dental = partner.speciality_type === 'DENTIST';
  const navigate = useNavigate();
  const save = useSaveConsultationForm();
  // The form as it opened, kept: a change is anything that is no longer this very object.
  const [start] = useState(initial);
  const [draft, setDraft] = useState(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showEarlier, setShowEarlier] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  // Navigating once the guard has seen the form saved, so it does not ask about leaving it.
  useEffect(() => {
    if (savedId) navigate(`/prescription-preview/${savedId}`);
  }, [savedId, navigate]);

  const submit = () => {
    const body = bodyOfDraft(draft, { slotId: target.slotId, locationId: target.locationId });
    const refused = checkDraft(body, draft);
    setErrors(refused ?? {});
    if (refused) return;
    save.mutate(
      { id: target.formId, body },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.message ??
              (target.formId ? consultationFormMessages.updated : consultationFormMessages.added),
          );
          setSavedId(answer.data.id);
        },
      },
    );
  };

  const mobile = indianMobileSchema.safeParse(draft.customerMobile);
  const otherErrors = Object.entries(errors).filter(([field]) => !patientFields.has(field));
  const conflict = save.error instanceof ApiError && save.error.code === 'CONFLICT';

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack spacing={2}>
        <PatientSection
          patient={draft}
          errors={errors}
          onChange={update}
          onShowEarlier={() => setShowEarlier(true)}
        />
        <VitalsSection rows={draft.metrics} onChange={(metrics) => update({ metrics })} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {pickedLists.map(({ list, search }) => (
            <PickedListSection
              key={list}
              title={words.sections[list]}
              label={words.pickers[list]}
              value={draft[list]}
              onChange={(items) => update({ [list]: items })}
              search={search}
              searchKey={['consultation-picker', list]}
            />
          ))}
        </Box>
        <TreatmentsSection
          rows={draft.treatments}
          dental={dental}
          onChange={(treatments) => update({ treatments })}
        />
        <MedicinesSection
          rows={draft.products}
          errors={errors}
          onChange={(products) => update({ products })}
        />

        {otherErrors.length > 0 ? (
          <Alert severity="error">
            {words.fixErrors}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {otherErrors.map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
        {save.error ? (
          <ApiErrorAlert
            error={save.error}
            fallback={words.saveFailed}
            action={
              conflict && onOpenExisting ? (
                <Button color="inherit" size="small" onClick={onOpenExisting}>
                  {words.openExisting}
                </Button>
              ) : undefined
            }
          />
        ) : null}
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            py: 1.5,
            bgcolor: 'background.default',
            display: 'flex',
            justifyContent: 'flex-end',
          }}
        >
          <Button type="submit" variant="contained" size="large" loading={save.isPending}>
            {words.save}
          </Button>
        </Box>
      </Stack>

      <UnsavedChangesGuard unsaved={draft !== start && savedId === null} />
      {showEarlier ? (
        <Suspense fallback={<LinearProgress aria-label={words.earlierLoading} />}>
          <EarlierPrescriptionsDialog
            mobile={mobile.success ? mobile.data : null}
            currentFormId={target.formId}
            onClose={() => setShowEarlier(false)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
