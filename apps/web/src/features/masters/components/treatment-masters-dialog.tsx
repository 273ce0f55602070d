import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { treatmentMasterTexts } from '@vaidya/contract/masters';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { useDentalTreatmentTypes } from '../api/masters-api';
import { MasterDialog } from './master-dialog';
import { MasterErrorAlert } from './master-error-alert';
import type { Treatment } from './treatment-form';

const treatmentSchema = z
  .object({
    treatmentName: z.string().trim().min(1, treatmentMasterTexts.nameRequired),
    price: z
      .string()
      .trim()
      .refine(
        (text) => text !== '' && Number.isFinite(Number(text)) && Number(text) > 0,
        treatmentMasterTexts.priceRequired,
      )
      .transform(Number),
    hasChart: z.boolean(),
    dentalTreatmentId: z.string(),
  })
  .refine((values) => !values.hasChart || values.dentalTreatmentId !== '', {
    path: ['dentalTreatmentId'],
    message: treatmentMasterTexts.typeRequired,
  });

interface TreatmentMastersDialogProps {
  /** Undefined while closed; null when adding. */
  record: Treatment | null | undefined;
  /** Spec §6: only a dentist's treatments can be linked to the dental chart. */
  offerChart: boolean;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (payload: object) => void;
}

const formId = 'treatment-masters-form';

export function TreatmentMastersDialog({
  record,
  offerChart,
  saving,
  error,
  onClose,
  onSubmit,
}: TreatmentMastersDialogProps) {
  return (
    <MasterDialog
      open={record !== undefined}
      title="Add New Item"
      editing={Boolean(record)}
      saving={saving}
      error={error}
      errorFallback={treatmentMasterTexts.saveError}
      formId={formId}
      onClose={onClose}
    >
      <Tabs value="service" sx={{ mb: 2 }}>
        <Tab value="service" label="Service" />
      </Tabs>
      {record !== undefined ? (
        <TreatmentFields record={record} offerChart={offerChart} onSubmit={onSubmit} />
      ) : null}
    </MasterDialog>
  );
}

function TreatmentFields({
  record,
  offerChart,
  onSubmit,
}: { record: Treatment | null } & Pick<TreatmentMastersDialogProps, 'offerChart' | 'onSubmit'>) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(treatmentSchema),
    defaultValues: {
      treatmentName: record?.treatment_name ?? '',
      price: record?.price == null ? '' : String(record.price),
      hasChart: Boolean(record?.dental_treatment_id),
      dentalTreatmentId: record?.dental_treatment_id == null ? '' : String(record.dental_treatment_id),
    },
  });
  const hasChart = useWatch({ control, name: 'hasChart' });
  const types = useDentalTreatmentTypes(offerChart && hasChart);

  return (
    <form
      id={formId}
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit({
          treatmentName: values.treatmentName,
          price: values.price,
          type: 'SERVICE',
          dentalTreatmentId: offerChart && values.hasChart ? Number(values.dentalTreatmentId) : null,
        }),
      )}
    >
      <Stack spacing={2}>
        <FormTextField control={control} name="treatmentName" label="Treatment name" required autoFocus />
        <FormTextField control={control} name="price" label="Fees (₹)" required inputMode="decimal" />
        {offerChart ? (
          <Controller
            control={control}
            name="hasChart"
            render={({ field }) => (
              <FormControlLabel
                label="Chart"
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
              />
            )}
          />
        ) : null}
        {offerChart && hasChart && types.isError ? (
          <MasterErrorAlert error={types.error} fallback={treatmentMasterTexts.fetchTypesError} />
        ) : null}
        {offerChart && hasChart && !types.isError ? (
          <FormTextField
            control={control}
            name="dentalTreatmentId"
            label="Treatment type"
            select
            required
            disabled={types.isPending}
          >
            {(types.data?.data ?? []).map((type) => (
              <MenuItem key={type.id} value={String(type.id)}>
                {type.treatment_name}
              </MenuItem>
            ))}
          </FormTextField>
        ) : null}
      </Stack>
    </form>
  );
}
