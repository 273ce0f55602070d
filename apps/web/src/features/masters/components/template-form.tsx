import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { medicineScreen, templateScreen } from '@vaidya/contract/master-screens';
import {
  masterMessages,
  type Product,
  productContract,
  productTemplateContract,
} from '@vaidya/contract/masters';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { useMasterList, useProductsOfTemplate } from '../api/masters-api';
import type { MasterFormProps } from '../master-definition';
import { MasterErrorAlert } from './master-error-alert';
import { useDebounced } from './use-debounced';

export type ProductTemplate = z.infer<typeof productTemplateContract.record>;

const pickerDebounceMs = 1000;
const pickerLimit = 20;

const templateSchema = z.object({
  templateName: productTemplateContract.addBody.shape.templateName,
  medicines: z.array(z.custom<Product>()).min(1, masterMessages.requiredFields),
});

/** When editing, the template's medicines are loaded first so the picker starts with them. */
export function TemplateForm({ record, formId, onSubmit }: MasterFormProps<ProductTemplate>) {
  const medicines = useProductsOfTemplate(record?.id);
  if (!record) return <TemplateFields formId={formId} onSubmit={onSubmit} name="" medicines={[]} />;
  if (medicines.isPending) return <CircularProgress aria-label={templateScreen.loadingMedicines} />;
  if (medicines.isError)
    return <MasterErrorAlert error={medicines.error} fallback={medicineScreen.fetchError} />;
  return (
    <TemplateFields
      formId={formId}
      onSubmit={onSubmit}
      name={record.template_name}
      medicines={medicines.data.data}
    />
  );
}

function TemplateFields({
  formId,
  onSubmit,
  name,
  medicines,
}: Pick<MasterFormProps<ProductTemplate>, 'formId' | 'onSubmit'> & { name: string; medicines: Product[] }) {
  const { control, handleSubmit } = useForm<
    z.input<typeof templateSchema>,
    unknown,
    z.output<typeof templateSchema>
  >({
    resolver: zodResolver(templateSchema),
    defaultValues: { templateName: name, medicines },
  });
  const [search, setSearch] = useState('');
  const query = useDebounced(search, pickerDebounceMs);
  const options = useMasterList(productContract, { query, page: 0, limit: pickerLimit });

  return (
    <form
      id={formId}
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit({
          templateName: values.templateName,
          productIds: values.medicines.map((medicine) => medicine.id),
        }),
      )}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="templateName"
          label={templateScreen.fields.name}
          required
          autoFocus
        />
        <Controller
          control={control}
          name="medicines"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              filterSelectedOptions
              options={options.data?.data.results ?? []}
              loading={options.isFetching}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              onInputChange={(_event, value, reason) => {
                if (reason === 'input') setSearch(value);
              }}
              // The server has searched already.
              filterOptions={(found) => found}
              getOptionLabel={(medicine) => medicine.product_name}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              renderValue={(selected, getItemProps) =>
                selected.map((medicine, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} label={medicine.product_name} size="small" {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={templateScreen.fields.medicines}
                  required
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          )}
        />
      </Stack>
    </form>
  );
}
