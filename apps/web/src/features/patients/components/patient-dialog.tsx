import { zodResolver } from '@hookform/resolvers/zod';
import { patientFormWords as words } from '@vaidya/contract/patient-screens';
import {
  type AddPatientBody,
  addPatientBody,
  type PatientRecord,
  patientMessages,
  type UpdatePatientBody,
  updatePatientBody,
} from '@vaidya/contract/patients';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { useAddPatient, useUpdatePatient } from '../api/patients-api';
import { PatientFields } from './patient-fields';

const emptyPatient: AddPatientBody = {
  name: '',
  mobile: '',
  gender: null,
  dateOfBirth: null,
  age: null,
  patientNumber: '',
  address: '',
  email: '',
  bloodGroup: null,
  allergies: [],
  medicalAlerts: [],
  alertNotes: '',
  notes: '',
};

/** The record as the form shows it: an age worked out from an age stays an age, a real date of birth a date. */
function fieldsOf(patient: PatientRecord): AddPatientBody {
  return {
    name: patient.name,
    mobile: patient.mobile,
    gender: patient.gender,
    dateOfBirth: patient.date_of_birth_approximate ? null : patient.date_of_birth,
    age: patient.date_of_birth_approximate ? patient.age : null,
    patientNumber: patient.patient_number,
    address: patient.address ?? '',
    email: patient.email ?? '',
    bloodGroup: patient.blood_group,
    allergies: patient.allergies,
    medicalAlerts: patient.medical_alerts,
    alertNotes: patient.alert_notes ?? '',
    notes: patient.notes ?? '',
  };
}

function AddPatientForm({ formId, onSubmit }: { formId: string; onSubmit: (body: AddPatientBody) => void }) {
  const form = useForm({ resolver: zodResolver(addPatientBody), defaultValues: emptyPatient });
  return (
    <FormProvider {...form}>
      <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <PatientFields adding />
      </form>
    </FormProvider>
  );
}

function EditPatientForm({
  patient,
  formId,
  onSubmit,
}: {
  patient: PatientRecord;
  formId: string;
  onSubmit: (body: UpdatePatientBody) => void;
}) {
  const form = useForm({
    resolver: zodResolver(updatePatientBody),
    defaultValues: { id: patient.id, ...fieldsOf(patient) },
  });
  const submit = form.handleSubmit(({ dateOfBirth, age, ...body }) => {
    // An age left as it was is not sent again: it would move the approximate date of birth to a year counted from today.
    const { dirtyFields } = form.formState;
    onSubmit({ ...body, ...(dirtyFields.dateOfBirth || dirtyFields.age ? { dateOfBirth, age } : {}) });
  });
  return (
    <FormProvider {...form}>
      <form id={formId} noValidate onSubmit={submit}>
        <PatientFields adding={false} />
      </form>
    </FormProvider>
  );
}

/**
 * Adds a patient (`patient` null) or edits one, in the shared FormDialog: the contract's
 * rules under each field, the server's refusal (a patient number taken) above them, and
 * every typed value kept while it shows. Its screen mounts it to open it.
 */
export function PatientDialog({
  patient,
  onClose,
  onSaved,
}: {
  patient: PatientRecord | null;
  onClose: () => void;
  onSaved: (patient: PatientRecord) => void;
}) {
  const formId = useId();
  const add = useAddPatient();
  const update = useUpdatePatient();
  const saving = patient ? update : add;
  const savedSaying = (sentence: string) => (saved: PatientRecord) => {
    toast.success(sentence);
    onSaved(saved);
  };
  return (
    <FormDialog
      open
      title={patient ? words.editTitle : words.addTitle}
      editing={Boolean(patient)}
      saving={saving.isPending}
      error={saving.error}
      errorFallback={words.saveFailed}
      formId={formId}
      onClose={onClose}
    >
      {patient ? (
        <EditPatientForm
          patient={patient}
          formId={formId}
          onSubmit={(body) => update.mutate(body, { onSuccess: savedSaying(patientMessages.updated) })}
        />
      ) : (
        <AddPatientForm
          formId={formId}
          onSubmit={(body) => add.mutate(body, { onSuccess: savedSaying(patientMessages.added) })}
        />
      )}
    </FormDialog>
  );
}
