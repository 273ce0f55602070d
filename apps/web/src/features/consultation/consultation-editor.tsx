import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { consultationFormMessages } from '@vaidya/contract/consultation-forms';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { indianMobileSchema } from '@vaidya/contract/mobile';
import { lazy, Suspense, useState } from 'react';
import { DocumentEditor, useDocumentEditor } from '../../components/documents/document-editor';
import { ApiError } from '../../lib/api-client';
import { useClinic } from '../../lib/clinic-context';
import { masterSearches } from '../../lib/master-searches';
import { usePatientSafetyRecord, useSaveConsultationForm } from './api/consultation-api';
import { MedicinesSection } from './components/medicines-section';
import { PatientSafetyAlert } from './components/patient-safety-alert';
import { PatientSection } from './components/patient-section';
import { PickedListSection } from './components/picked-list-section';
import { TreatmentsSection } from './components/treatments-section';
import { VitalsSection } from './components/vitals-section';
import {
  bodyOfDraft,
  checkDraft,
  type Draft,
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

const previewOf = (id: string) => `/prescription-preview/${id}`;

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
  const editor = useDocumentEditor({
    initial,
    documentId: target.formId,
    save: useSaveConsultationForm(),
    savedSentences: consultationFormMessages,
    previewPath: previewOf,
  });
  const { draft, update, errors } = editor;
  const [showEarlier, setShowEarlier] = useState(false);
  const mobile = indianMobileSchema.safeParse(draft.customerMobile);
  const safety = usePatientSafetyRecord({
    mobile: mobile.success ? mobile.data : null,
    name: draft.customerName,
  });

  const submit = () => {
    const body = bodyOfDraft(draft, { slotId: target.slotId, locationId: target.locationId });
    editor.submit(body, checkDraft(body, draft));
  };

  const conflict = editor.saveError instanceof ApiError && editor.saveError.code === 'CONFLICT';

  return (
    <>
      <DocumentEditor
        editor={editor}
        onSubmit={submit}
        words={words}
        shownBesideField={(field) => patientFields.has(field)}
        saveErrorAction={
          conflict && onOpenExisting ? (
            <Button color="inherit" size="small" onClick={onOpenExisting}>
              {words.openExisting}
            </Button>
          ) : undefined
        }
      >
        <PatientSafetyAlert record={safety.record} failed={safety.failed} />
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
          allergies={safety.record?.allergies ?? []}
          onChange={(products) => update({ products })}
        />
      </DocumentEditor>
      {showEarlier ? (
        <Suspense fallback={<LinearProgress aria-label={words.earlierLoading} />}>
          <EarlierPrescriptionsDialog
            mobile={mobile.success ? mobile.data : null}
            currentFormId={target.formId}
            onClose={() => setShowEarlier(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
