import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { type AddOffDayBody, addOffDayBody, calendarDateSchema } from '@vaidya/contract/schedule';
import { scheduleScreenTexts } from '@vaidya/contract/schedule-screens';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DateField } from '../../../components/date-field';
import { TimeField } from './time-field';

const texts = scheduleScreenTexts.offDays;

/** A whole day is sent without times; part of one with both, checked by the contract's rules. */
const offDayFormSchema = z
  .object({
    queueId: z.uuid(),
    date: calendarDateSchema,
    span: z.enum(['whole', 'part']),
    startTime: z.string(),
    endTime: z.string(),
  })
  .transform(({ span, startTime, endTime, ...day }) =>
    span === 'whole' ? day : { ...day, startTime, endTime },
  )
  .pipe(addOffDayBody);

interface OffDayFormProps {
  queueId: string;
  /** The date the form starts on: today. */
  firstDate: string;
  formId: string;
  onSubmit: (payload: AddOffDayBody) => void;
}

export function OffDayForm({ queueId, firstDate, formId, onSubmit }: OffDayFormProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(offDayFormSchema),
    defaultValues: {
      queueId,
      date: firstDate,
      span: 'whole' as 'whole' | 'part',
      startTime: '',
      endTime: '',
    },
  });
  const span = useWatch({ control, name: 'span' });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          control={control}
          name="date"
          render={({ field, fieldState }) => (
            <DateField
              label={texts.date}
              required
              fullWidth
              min={firstDate}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="span"
          render={({ field }) => (
            <RadioGroup row {...field}>
              <FormControlLabel value="whole" control={<Radio />} label={texts.wholeDay} />
              <FormControlLabel value="part" control={<Radio />} label={texts.partOfDay} />
            </RadioGroup>
          )}
        />
        {span === 'part' ? (
          <Stack direction="row" spacing={2}>
            <TimeField control={control} name="startTime" label={texts.startTime} />
            <TimeField control={control} name="endTime" label={texts.endTime} />
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
}
