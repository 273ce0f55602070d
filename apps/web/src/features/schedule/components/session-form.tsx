import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { addQueueTimingBody, type QueueTiming, weekdayNames } from '@vaidya/contract/schedule';
import { scheduleScreenTexts } from '@vaidya/contract/schedule-screens';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import type { TimingPayload } from '../api/schedule-api';
import { TimeField } from './time-field';

const texts = scheduleScreenTexts.sessions;

interface SessionFormProps {
  queueId: string;
  /** The session being edited; null when adding. */
  session: QueueTiming | null;
  /** The weekday a new session starts on. */
  weekday: number;
  formId: string;
  onSubmit: (payload: TimingPayload) => void;
}

/** A weekly session: weekday, start and end, checked with the contract's own rules and sentences. */
export function SessionForm({ queueId, session, weekday, formId, onSubmit }: SessionFormProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(addQueueTimingBody),
    defaultValues: {
      queueId,
      weekday: session?.weekday ?? weekday,
      startTime: session?.start_time ?? '',
      endTime: session?.end_time ?? '',
    },
  });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="weekday" label={texts.weekday} select required>
          {weekdayNames.map((name, number) => (
            <MenuItem key={name} value={number}>
              {name}
            </MenuItem>
          ))}
        </FormTextField>
        <Stack direction="row" spacing={2}>
          <TimeField control={control} name="startTime" label={texts.startTime} />
          <TimeField control={control} name="endTime" label={texts.endTime} />
        </Stack>
      </Stack>
    </form>
  );
}
