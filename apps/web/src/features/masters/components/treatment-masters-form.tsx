import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { treatmentMastersScreen as texts } from '@vaidya/contract/master-screens';
import { treatmentContract, treatmentFees } from '@vaidya/contract/masters';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useClinic } from '../../../lib/clinic-context';
import { offersDentalChart, useDentalTreatmentTypes } from '../api/masters-api';
import type { MasterFormProps } from '../master-definition';
import { decimalKeypad } from './form-numbers';
import type { Treatment } from './treatment-form';

const treatmentSchema = z
  .object({
    // The page words a missing name its own way (spec §5); every other rule is the contract's.
    treatmentName: z
      .string()
      .trim()
      .min(1, texts.nameRequired)
      .pipe(treatmentContract.addBody.shape.treatmentName),
    // Blank reads as 0, which the rule refuses: "Fees must be more than 0".
    price: z.string().trim().transform(Number).pipe(treatmentFees),
    hasChart: z.boolean(),
    dentalTreatmentId: z.string(),
  })
  .refine((values) => !values.hasChart || values.dentalTreatmentId !== '', {
    path: ['dentalTreatmentId'],
    message: texts.typeRequired,
  });

/**
 * The Treatment Masters page's dialog (spec §2, §5 "Treatment (masters page)"): a single
 * Service tab, fees above zero, and for a dentist (spec §6) a link to the dental chart.
 */
export function TreatmentMastersForm({ record, formId, onSubmit }: MasterFormProps<Treatment>) {
  const { partner } = useClinic();
  const offerChart = offersDentalChart(partner);
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
      <Tabs value="service" sx={{ mb: 2 }}>
        <Tab value="service" label={texts.serviceTab} />
      </Tabs>
      <Stack spacing={2}>
        <FormTextField control={control} name="treatmentName" label={texts.fields.name} required autoFocus />
        <FormTextField
          control={control}
          name="price"
          label={texts.fields.fees}
          required
          slotProps={{ htmlInput: decimalKeypad }}
        />
        {offerChart ? (
          <Controller
            control={control}
            name="hasChart"
            render={({ field }) => (
              <FormControlLabel
                label={texts.fields.chart}
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
          <ApiErrorAlert error={types.error} fallback={texts.fetchTypesError} />
        ) : null}
        {offerChart && hasChart && !types.isError ? (
          <FormTextField
            control={control}
            name="dentalTreatmentId"
            label={texts.fields.type}
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
