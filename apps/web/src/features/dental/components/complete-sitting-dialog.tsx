import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  completePlanItemsBody,
  dentalTextMaxLength,
  type PlanItem,
  type ToothNumbering,
  type TreatmentPlan,
} from '@vaidya/contract/dental';
import { treatmentPlanWords as words } from '@vaidya/contract/dental-screens';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { ActionDialog } from '../../../components/action-dialog';
import { useCompletePlanItems } from '../api/dental-api';
import { itemLine } from '../plan-lines';

const sittingForm = completePlanItemsBody.omit({ planId: true });
type SittingFormValues = z.input<typeof sittingForm>;
type SittingValues = z.output<typeof sittingForm>;

/**
 * Complete sitting: the accepted alternative's items not done yet, those of the first sitting
 * still open ticked, and the sitting's note (what was done, materials, next step). Each item
 * ticked is marked done: the chart gains its finding and the bill of the visit can take it.
 */
export function CompleteSittingDialog({
  plan,
  pending,
  numbering,
  onClose,
}: {
  plan: TreatmentPlan;
  /** The accepted alternative's items not done yet, in sitting order. */
  pending: PlanItem[];
  numbering: ToothNumbering;
  onClose: () => void;
}) {
  const formId = useId();
  const complete = useCompletePlanItems(plan.patient_id);
  const firstSitting = pending[0]?.sitting;
  const { control, handleSubmit } = useForm<SittingFormValues, unknown, SittingValues>({
    resolver: zodResolver(sittingForm),
    defaultValues: {
      itemIds: pending.filter((item) => item.sitting === firstSitting).map((item) => item.id),
      sittingNote: '',
    },
  });
  const finish = (values: SittingValues) =>
    complete.mutate(
      { planId: plan.id, ...values },
      {
        onSuccess: () => {
          toast.success(words.completedToast);
          onClose();
        },
      },
    );
  return (
    <ActionDialog
      wide
      title={words.completeTitle}
      working={complete.isPending}
      error={complete.error}
      errorFallback={words.completeFailed}
      cancelLabel={words.cancel}
      action={{ label: words.completeAction, formId }}
      onClose={onClose}
    >
      <Stack component="form" id={formId} noValidate spacing={2} onSubmit={handleSubmit(finish)}>
        <Controller
          control={control}
          name="itemIds"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={Boolean(fieldState.error)}>
              <FormLabel component="legend">{words.completeItems}</FormLabel>
              <FormGroup>
                {pending.map((item) => (
                  <FormControlLabel
                    key={item.id}
                    label={`${words.sitting(item.sitting)} · ${itemLine(item, numbering)}`}
                    control={
                      <Checkbox
                        checked={field.value.includes(item.id)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, item.id]
                              : field.value.filter((id) => id !== item.id),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error ? <FormHelperText>{words.pickAnItem}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="sittingNote"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              label={words.sittingNote}
              multiline
              minRows={2}
              {...field}
              inputRef={ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? words.sittingNoteHint}
              slotProps={{ htmlInput: { maxLength: dentalTextMaxLength.sittingNote } }}
            />
          )}
        />
      </Stack>
    </ActionDialog>
  );
}
