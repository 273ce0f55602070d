import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Location } from '@vaidya/contract/partner';
import { type AddLocationBody, scheduleMessages } from '@vaidya/contract/schedule';
import { settingsScreenTexts } from '@vaidya/contract/schedule-screens';
import { lazy, useId } from 'react';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { SectionCard } from '../../../components/section-card';
import { useEditDialog } from '../../../components/use-edit-dialog';
import { useClinic } from '../../../lib/clinic-context';
import { useSaveLocation } from '../api/profile-api';

const texts = settingsScreenTexts.locations;

/** The form, with the form library, loads when its dialog first opens (FormDialog waits for it). */
const LocationForm = lazy(() =>
  import('./location-form').then(({ LocationForm }) => ({ default: LocationForm })),
);

/** The clinic's locations; choosing one, or adding one (spec §4), makes it the dashboard's location. */
export function LocationsSection() {
  const { partner, location: selected, selectLocation } = useClinic();
  const save = useSaveLocation();
  const dialog = useEditDialog<Location>(texts);
  const formId = useId();

  const openDialog = (location: Location | null) => {
    save.reset();
    dialog.open(location);
  };
  const submit = (payload: AddLocationBody) => {
    const location = dialog.record;
    save.mutate(
      { ...payload, id: location?.id },
      {
        onSuccess: (saved) => {
          dialog.close();
          toast.success(
            saved.message ?? (location ? scheduleMessages.locationUpdated : scheduleMessages.locationAdded),
          );
          if (!location) selectLocation(saved.data.id);
        },
      },
    );
  };

  return (
    <SectionCard
      title={texts.title}
      description={texts.description}
      action={
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
          {texts.add}
        </Button>
      }
    >
      {partner.locations.length === 0 ? (
        <Typography color="text.secondary">{texts.empty}</Typography>
      ) : (
        <List disablePadding aria-label={texts.title}>
          {partner.locations.map((location) => {
            const isSelected = location.id === selected?.id;
            return (
              <ListItem
                key={location.id}
                disablePadding
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={texts.editNamed(location.location_name)}
                    onClick={() => openDialog(location)}
                  >
                    <EditIcon />
                  </IconButton>
                }
              >
                <ListItemButton
                  selected={isSelected}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => selectLocation(location.id)}
                  sx={{ pr: 7 }}
                >
                  <ListItemText
                    primary={
                      <>
                        {location.location_name}
                        {isSelected ? (
                          <Chip label={texts.selected} size="small" color="primary" sx={{ ml: 1 }} />
                        ) : null}
                      </>
                    }
                    secondary={[location.address, location.contact_no].filter(Boolean).join(' · ')}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}

      <FormDialog
        {...dialog.formDialogProps}
        saving={save.isPending}
        error={save.error}
        errorFallback={texts.saveError}
        formId={formId}
      >
        {dialog.isOpen ? <LocationForm location={dialog.record} formId={formId} onSubmit={submit} /> : null}
      </FormDialog>
    </SectionCard>
  );
}
