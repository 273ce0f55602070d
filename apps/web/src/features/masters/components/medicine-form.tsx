import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { medicineScreen as texts } from '@vaidya/contract/master-screens';
import {
  masterPrice,
  medicineDays,
  type Product,
  productContract,
  taxPercentage,
} from '@vaidya/contract/masters';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import type { MasterFormProps } from '../master-definition';
import { decimalKeypad, digitKeypad, numberToText, optionalNumberText } from './form-numbers';

const dosageFlags = ['is_morning', 'is_afternoon', 'is_evening', 'is_sos'] as const;

/** The contract's rules for the text fields, so the form refuses what the server would, in the same words. */
const { productName, composition, dosageQty, instructions } = productContract.addBody.shape;

const medicineSchema = z.object({
  productName,
  price: optionalNumberText(masterPrice),
  tax_percentage: optionalNumberText(taxPercentage),
  composition,
  dosageQty,
  instructions,
  days: optionalNumberText(medicineDays),
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
          <FormTextField control={control} name="productName" label={texts.fields.name} required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="price"
            label={texts.fields.price}
            slotProps={{
              htmlInput: decimalKeypad,
              input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="tax_percentage"
            label={texts.fields.tax}
            slotProps={{
              htmlInput: decimalKeypad,
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="composition" label={texts.fields.composition} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="dosageQty"
            label={texts.fields.dosageQty}
            placeholder={texts.fields.dosageQtyExample}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="days"
            label={texts.fields.days}
            slotProps={{ htmlInput: digitKeypad }}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="instructions"
            render={({ field, fieldState }) => (
              <Autocomplete
                freeSolo
                options={texts.instructionSuggestions}
                value={field.value ?? ''}
                inputValue={field.value ?? ''}
                onInputChange={(_event, value) => field.onChange(value)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={texts.fields.instructions}
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <FormLabel component="legend">{texts.fields.dosage}</FormLabel>
          <FormGroup row>
            {dosageFlags.map((flag) => (
              <Controller
                key={flag}
                control={control}
                name={flag}
                render={({ field }) => (
                  <FormControlLabel
                    label={texts.dosageFlags[flag]}
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
