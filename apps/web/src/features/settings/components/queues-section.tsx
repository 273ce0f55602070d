import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { Location } from '@vaidya/contract/partner';
import { type Queue, scheduleMessages } from '@vaidya/contract/schedule';
import { scheduleScreenWords, settingsScreenTexts } from '@vaidya/contract/schedule-screens';
import { queueDoctorTexts } from '@vaidya/contract/staff-screens';
import { lazy, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { FetchedList } from '../../../components/fetched-list';
import { FormDialog } from '../../../components/form-dialog';
import { SectionCard } from '../../../components/section-card';
import { useEditDialog } from '../../../components/use-edit-dialog';
import { useClinic } from '../../../lib/clinic-context';
import { useQueues, useSaveQueue } from '../../../lib/queues-api';

const texts = settingsScreenTexts.queues;

/** The forms, with the form library, load when their dialog first opens (FormDialog waits for them). */
const NewQueueForm = lazy(() =>
  import('./queue-form').then(({ NewQueueForm }) => ({ default: NewQueueForm })),
);
const RenameQueueForm = lazy(() =>
  import('./queue-form').then(({ RenameQueueForm }) => ({ default: RenameQueueForm })),
);

/** The queues of the selected location: add (with its slot size), rename, and a way to their timings. */
export function QueuesSection({ location }: { location: Location }) {
  const queues = useQueues(location.id);
  const save = useSaveQueue();
  const dialog = useEditDialog<Queue>(texts);
  const renaming = dialog.record;
  // Spec §4: an added queue is selected; here that marks it and offers its timings first.
  const [selectedQueueId, setSelectedQueueId] = useState<string | null>(null);
  const formId = useId();
  const { doctors } = useClinic().partner;
  const queueLine = (queue: Queue) => {
    const minutes = scheduleScreenWords.minutes(queue.slot_size);
    const doctor = doctors.find((candidate) => candidate.id === queue.doctor_user_id);
    return doctor ? queueDoctorTexts.ofQueue(minutes, doctor.name) : minutes;
  };

  const openDialog = (queue: Queue | null) => {
    save.reset();
    dialog.open(queue);
  };
  const saved = (answer: { data: Queue; message?: string | undefined }, added: boolean) => {
    dialog.close();
    toast.success(answer.message ?? (added ? scheduleMessages.queueAdded : scheduleMessages.queueUpdated));
    if (added) setSelectedQueueId(answer.data.id);
  };

  return (
    <SectionCard
      title={texts.title(location.location_name)}
      description={texts.description}
      action={
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
          {texts.add}
        </Button>
      }
    >
      <FetchedList query={queues} fetchError={texts.fetchError} empty={texts.empty}>
        {(locationQueues) => (
          <List disablePadding aria-label={texts.title(location.location_name)}>
            {locationQueues.map((queue) => {
              const isSelected = queue.id === selectedQueueId;
              return (
                <ListItem
                  key={queue.id}
                  divider
                  disableGutters
                  aria-current={isSelected ? 'true' : undefined}
                  sx={isSelected ? { bgcolor: 'action.selected', px: 1, borderRadius: 1 } : { px: 1 }}
                >
                  <ListItemText
                    primary={queue.queue_name}
                    secondary={queueLine(queue)}
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  />
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
                    <Button
                      size="small"
                      component={Link}
                      to={`/dashboard/schedule?queue=${queue.id}`}
                      aria-label={texts.timingsOf(queue.queue_name)}
                    >
                      {texts.timings}
                    </Button>
                    <IconButton
                      aria-label={texts.editNamed(queue.queue_name)}
                      onClick={() => openDialog(queue)}
                    >
                      <EditIcon />
                    </IconButton>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
      </FetchedList>

      <FormDialog
        {...dialog.formDialogProps}
        saving={save.isPending}
        error={save.error}
        errorFallback={texts.saveError}
        formId={formId}
      >
        {renaming ? (
          <RenameQueueForm
            name={renaming.queue_name}
            doctorId={renaming.doctor_user_id}
            formId={formId}
            onSubmit={(values) =>
              save.mutate(
                { rename: { id: renaming.id, ...values } },
                { onSuccess: (answer) => saved(answer, false) },
              )
            }
          />
        ) : null}
        {dialog.isOpen && !renaming ? (
          <NewQueueForm
            formId={formId}
            onSubmit={(values) =>
              save.mutate(
                { add: { locationId: location.id, ...values } },
                { onSuccess: (answer) => saved(answer, true) },
              )
            }
          />
        ) : null}
      </FormDialog>
    </SectionCard>
  );
}
