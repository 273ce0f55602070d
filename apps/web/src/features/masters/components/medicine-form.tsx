import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { masterMessages, type Product } from '@vaidya/contract/masters';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import type { MasterFormProps } from '../master-definition';
import { numberToText, optionalNumberText } from './form-numbers';

const instructionSuggestions = ['After meal', 'Before meal'];

const dosageFlags = [
  { field: 'is_morning', label: 'M' },
  { field: 'is_afternoon', label: 'A' },
  { field: 'is_evening', label: 'E' },
  { field: 'is_sos', label: 'SOS' },
] as const;

const medicineSchema = z.object({
  productName: z.string().trim().min(1, masterMessages.medicineNameRequired),
  price: optionalNumberText(masterMessages.invalidPrice),
  tax_percentage: optionalNumberText('Tax must be a percentage between 0 and 100', 100),
  composition: z.string().trim(),
  dosageQty: z.string().trim(),
  instructions: z.string().trim(),
  days: z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d+$/.test(text), 'Days must be a whole number')
    .transform((text) => (text === '' ? null : Number(text))),
  is_morning: z.boolean(),
  is_afternoon: z.boolean(),
  is_evening: z.boolean(),
  is_sos: z.boolean(),
});

export function MedicineForm({ record, formId, onSubmit }: MasterFormProps<Product>) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(medicineSchema),
    defaultValues: {
      productName: record?.product_name ?? '',
      price: numberToText(record?.price),
      tax_percentage: numberToText(record?.tax_percentage),
      composition: record?.composition ?? '',
      dosageQty: record?.dosage_qty ?? '',
      instructions: record?.instructions ?? '',
      days: numberToText(record?.days),
      is_morning: record?.is_morning ?? false,
      is_afternoon: record?.is_afternoon ?? false,
      is_evening: record?.is_evening ?? false,
      is_sos: record?.is_sos ?? false,
    },
  });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormTextField control={control} name="productName" label="Medicine Name" required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="price"
            label="Price"
            inputMode="decimal"
            slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="tax_percentage"
            label="Tax"
            inputMode="decimal"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="composition" label="Composition" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="dosageQty"
            label="Dosage Quantity"
            placeholder="e.g. 1 tablet, 5 ml"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="days" label="Days" inputMode="numeric" />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="instructions"
            render={({ field }) => (
              <Autocomplete
                freeSolo
                options={instructionSuggestions}
                value={field.value}
                inputValue={field.value}
                onInputChange={(_event, value) => field.onChange(value)}
                renderInput={(params) => <TextField {...params} label="Instructions" inputRef={field.ref} />}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <FormLabel component="legend">Dosage</FormLabel>
          <FormGroup row>
            {dosageFlags.map((flag) => (
              <Controller
                key={flag.field}
                control={control}
                name={flag.field}
                render={({ field }) => (
                  <FormControlLabel
                    label={flag.label}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                  />
                )}
              />
            ))}
          </FormGroup>
        </Grid>
      </Grid>
    </form>
  );
}
