import { zodResolver } from '@hookform/resolvers/zod';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { medicineScreen, templateScreen } from '@vaidya/contract/master-screens';
import {
  masterMessages,
  type Product,
  productContract,
  productTemplateContract,
} from '@vaidya/contract/masters';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useMarkUnsaved } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { SearchPicker } from '../../../components/search-picker';
import { callApi } from '../../../lib/api-client';
import { useProductsOfTemplate } from '../api/masters-api';
import type { MasterFormProps } from '../master-definition';

export type ProductTemplate = z.infer<typeof productTemplateContract.record>;

/** How many medicines the picker offers for one term; typing more narrows them. */
const pickerLimit = 20;

/** Medicines whose name or composition holds the term, best matches first (the server's order). */
const searchMedicines = async (term: string, signal: AbortSignal) => {
  const answer = await callApi(productContract.endpoints.list, {
    query: { query: term || undefined, limit: pickerLimit, page: 1 },
    signal,
  });
  return answer.data.results;
};
/** Apart from the medicines list's own key (['masters', 'products', …]), whose cached pages its updaters rewrite. */
const medicineSearchKey = ['medicine-picker'];

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
    return <ApiErrorAlert error={medicines.error} fallback={medicineScreen.fetchError} />;
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
  const markUnsaved = useMarkUnsaved();

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
            <SearchPicker
              label={templateScreen.fields.medicines}
              required
              value={field.value}
              onChange={(picked) => {
                field.onChange(picked);
                markUnsaved();
              }}
              search={searchMedicines}
              searchKey={medicineSearchKey}
              itemLabel={(medicine) => medicine.product_name}
              itemKey={(medicine) => medicine.id}
              itemDetail={(medicine) => medicine.composition}
              error={fieldState.error?.message}
              inputRef={field.ref}
            />
          )}
        />
      </Stack>
    </form>
  );
}
