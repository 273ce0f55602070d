import { zodResolver } from '@hookform/resolvers/zod';
import { updateSlotSizeBody } from '@vaidya/contract/schedule';
import { scheduleScreenTexts } from '@vaidya/contract/schedule-screens';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';

const texts = scheduleScreenTexts.slotSize;

/** The field holds text; a blank or a word reads as 0, which the contract's rule refuses in its own words. */
const slotSizeForm = z.object({
  slotSize: z.coerce.number<string>().pipe(updateSlotSizeBody.shape.slotSize),
});

export function SlotSizeForm({
  slotSize,
  formId,
  onSubmit,
}: {
  slotSize: number;
  formId: string;
  onSubmit: (slotSize: number) => void;
}) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(slotSizeForm),
    defaultValues: { slotSize: String(slotSize) },
  });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit((values) => onSubmit(values.slotSize))}>
      <FormTextField
        control={control}
        name="slotSize"
        label={texts.label}
        required
        autoFocus
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </form>
  );
}
