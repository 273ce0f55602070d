import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { treatmentScreen } from '@vaidya/contract/master-screens';
import { masterPrice, treatmentContract, treatmentTypes } from '@vaidya/contract/masters';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import type { MasterFormProps } from '../master-definition';
import { decimalKeypad, numberToText, optionalNumberText } from './form-numbers';

export type Treatment = z.infer<typeof treatmentContract.record>;

const treatmentSchema = z.object({
  treatmentName: treatmentContract.addBody.shape.treatmentName,
  price: optionalNumberText(masterPrice),
  type: z.enum(treatmentTypes),
});

/** The treatments list's dialog (spec §5 "Treatment (list dialog)"): price optional, type service or product. */
export function TreatmentForm({ record, formId, onSubmit }: MasterFormProps<Treatment>) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(treatmentSchema),
    defaultValues: {
      treatmentName: record?.treatment_name ?? '',
      price: numberToText(record?.price),
      type: record?.type ?? 'SERVICE',
    },
  });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit({
          ...values,
          // This dialog has no chart option, so an edit keeps whatever link the treatment-masters page made.
          dentalTreatmentId: record?.dental_treatment_id ?? null,
        }),
      )}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="treatmentName"
          label={treatmentScreen.fields.name}
          required
          autoFocus
        />
        <FormTextField
          control={control}
          name="price"
          label={treatmentScreen.fields.price}
          slotProps={{ htmlInput: decimalKeypad }}
        />
        <FormTextField control={control} name="type" label={treatmentScreen.fields.type} select>
          {treatmentTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {treatmentScreen.types[type]}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
    </form>
  );
}
