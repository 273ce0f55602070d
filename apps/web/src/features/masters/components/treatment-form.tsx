import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { masterMessages, type treatmentContract } from '@vaidya/contract/masters';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import type { MasterFormProps } from '../master-definition';
import { numberToText, optionalNumberText } from './form-numbers';

export type Treatment = z.infer<typeof treatmentContract.record>;

const treatmentSchema = z.object({
  treatmentName: z.string().trim().min(1, masterMessages.treatmentNameRequired),
  price: optionalNumberText(masterMessages.invalidPrice),
  type: z.enum(['service', 'product']),
});

/** The treatments list's dialog (spec §5 "Treatment (list dialog)"): price optional, type service or product. */
export function TreatmentForm({ record, formId, onSubmit }: MasterFormProps<Treatment>) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(treatmentSchema),
    defaultValues: {
      treatmentName: record?.treatment_name ?? '',
      price: numberToText(record?.price),
      type: record?.type === 'PRODUCT' ? ('product' as const) : ('service' as const),
    },
  });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit({
          ...values,
          type: values.type.toUpperCase(),
          // This dialog has no chart option, so an edit keeps whatever link the treatment-masters page made.
          dentalTreatmentId: record?.dental_treatment_id ?? null,
        }),
      )}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="treatmentName" label="Treatment Name" required autoFocus />
        <FormTextField control={control} name="price" label="Price" inputMode="decimal" />
        <FormTextField control={control} name="type" label="Type" select>
          <MenuItem value="service">Service</MenuItem>
          <MenuItem value="product">Product</MenuItem>
        </FormTextField>
      </Stack>
    </form>
  );
}
