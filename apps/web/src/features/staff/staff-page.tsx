import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { clinicDateTime } from '@vaidya/contract/calendar-dates';
import { roleLabels } from '@vaidya/contract/roles';
import { type StaffMember, staffMessages } from '@vaidya/contract/staff';
import { staffScreenTexts as texts } from '@vaidya/contract/staff-screens';
import { lazy, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FetchedList } from '../../components/fetched-list';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useEditDialog } from '../../components/use-edit-dialog';
import { useClinic } from '../../lib/clinic-context';
import { doctorProfilePath } from '../../lib/paths';
import { useAddStaff, useStaff, useStaffAction, useUpdateStaff } from './api/staff-api';
import { OneTimePasswordDialog } from './components/one-time-password-dialog';
import type { StaffFormValues } from './components/staff-form';

/** The form, with the form library, loads when its dialog first opens (FormDialog waits for it). */
const StaffForm = lazy(() =>
  import('./components/staff-form').then(({ StaffForm }) => ({ default: StaffForm })),
);

type StaffAction = 'resetPassword' | 'disable' | 'enable';
const confirmWords = {
  resetPassword: texts.confirmReset,
  disable: texts.confirmDisable,
  enable: texts.confirmEnable,
} as const;

function statusColor(member: StaffMember) {
  if (member.status === 'disabled') return 'default';
  return member.status === 'invited' ? 'warning' : 'success';
}

/** One member's row: who, role and status, where they work, when they last signed in, and what may be done. */
function StaffRow({
  member,
  isSelf,
  onEdit,
  onAction,
}: {
  member: StaffMember;
  isSelf: boolean;
  onEdit: () => void;
  onAction: (action: StaffAction) => void;
}) {
  const { partner } = useClinic();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const locationNames =
    member.role === 'owner'
      ? texts.allLocations
      : partner.locations
          .filter((location) => member.location_ids.includes(location.id))
          .map((location) => location.location_name)
          .join(', ');
  const act = (action: StaffAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <ListItem divider disableGutters sx={{ alignItems: 'flex-start', gap: 1, px: 1 }}>
      <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {member.name} {isSelf ? texts.you : null}
          </Typography>
          <Chip size="small" label={roleLabels[member.role]} color="primary" variant="outlined" />
          <Chip size="small" label={texts.statuses[member.status]} color={statusColor(member)} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {member.email}
          {member.mobile ? ` · ${member.mobile}` : null}
        </Typography>
        <Typography variant="body2">{locationNames}</Typography>
        <Typography variant="body2" color="text.secondary">
          {member.last_signed_in_at
            ? texts.lastSignedIn(clinicDateTime(member.last_signed_in_at, partner.time_zone))
            : texts.neverSignedIn}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        <IconButton aria-label={texts.editNamed(member.name)} onClick={onEdit}>
          <EditIcon />
        </IconButton>
        <IconButton
          aria-label={texts.actionsOf(member.name)}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <MenuItem component={Link} to={doctorProfilePath(member.user_id)}>
            {texts.doctorProfile}
          </MenuItem>
          {member.status !== 'disabled' && (
            <MenuItem onClick={() => act('resetPassword')}>{texts.resetPassword}</MenuItem>
          )}
          {member.status === 'disabled' ? (
            <MenuItem onClick={() => act('enable')}>{texts.enable}</MenuItem>
          ) : (
            !isSelf && <MenuItem onClick={() => act('disable')}>{texts.disable}</MenuItem>
          )}
        </Menu>
      </Stack>
    </ListItem>
  );
}

/**
 * Settings → Staff (issue 23): who signs in to the clinic, their roles, locations, last
 * sign-in and status; adding someone (their one-time password shown once), changing their
 * role, locations or name, a new one-time password, disabling and enabling.
 */
export function StaffPage() {
  const { partner } = useClinic();
  const staff = useStaff();
  const add = useAddStaff();
  const update = useUpdateStaff();
  const action = useStaffAction();
  const dialog = useEditDialog<StaffMember>(texts.form);
  const [grant, setGrant] = useState<{ name: string; password: string } | null>(null);
  const [asking, setAsking] = useState<{ member: StaffMember; action: StaffAction } | null>(null);
  const formId = useId();
  const editing = dialog.record;
  const saving = add.isPending || update.isPending;

  const openDialog = (member: StaffMember | null) => {
    add.reset();
    update.reset();
    dialog.open(member);
  };
  const allLocationIds = partner.locations.map((location) => location.id);
  const locationIdsOf = (values: StaffFormValues) =>
    values.role === 'owner' ? allLocationIds : values.locationIds;
  const submit = (values: StaffFormValues) => {
    if (editing) {
      update.mutate(
        { userId: editing.user_id, name: values.name, role: values.role, locationIds: locationIdsOf(values) },
        {
          onSuccess: (answer) => {
            dialog.close();
            toast.success(answer.message ?? staffMessages.updated);
          },
        },
      );
      return;
    }
    add.mutate(
      {
        name: values.name,
        email: values.email,
        mobile: values.mobile,
        role: values.role,
        locationIds: locationIdsOf(values),
      },
      {
        onSuccess: (answer) => {
          dialog.close();
          toast.success(answer.message ?? staffMessages.added);
          const password = answer.data.temporary_password;
          if (password) setGrant({ name: answer.data.member.name, password });
        },
      },
    );
  };
  const ask = (member: StaffMember, chosen: StaffAction) => {
    action.reset();
    setAsking({ member, action: chosen });
  };
  const confirm = () => {
    if (!asking) return;
    action.mutate(
      { action: asking.action, userId: asking.member.user_id },
      {
        onSuccess: (result) => {
          setAsking(null);
          if (result.message) toast.success(result.message);
          if (result.password) setGrant({ name: result.member.name, password: result.password });
        },
      },
    );
  };
  const words = asking ? confirmWords[asking.action] : null;

  return (
    <>
      <PageHeader title={texts.title} description={texts.description} />
      <SectionCard
        title={texts.list}
        description={texts.listDescription}
        action={
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
            {texts.add}
          </Button>
        }
      >
        <FetchedList
          query={staff}
          fetchError={texts.fetchError}
          empty={texts.empty}
          placeholder={
            <Box>
              <Skeleton height={96} />
              <Skeleton height={96} />
            </Box>
          }
        >
          {(members) => (
            <List disablePadding aria-label={texts.list}>
              {members.map((member) => (
                <StaffRow
                  key={member.user_id}
                  member={member}
                  isSelf={member.user_id === partner.user.id}
                  onEdit={() => openDialog(member)}
                  onAction={(chosen) => ask(member, chosen)}
                />
              ))}
            </List>
          )}
        </FetchedList>
      </SectionCard>

      <FormDialog
        {...dialog.formDialogProps}
        saving={saving}
        error={editing ? update.error : add.error}
        errorFallback={texts.form.saveError}
        formId={formId}
      >
        {dialog.isOpen ? (
          <StaffForm
            key={editing?.user_id ?? 'new'}
            member={editing}
            locations={partner.locations}
            formId={formId}
            onSubmit={submit}
          />
        ) : null}
      </FormDialog>

      <ConfirmDialog
        open={asking !== null}
        title={asking && words ? words.title(asking.member.name) : ''}
        body={words?.body ?? ''}
        working={action.isPending}
        error={action.error}
        errorFallback={texts.actionError}
        cancelLabel={texts.cancel}
        confirmLabel={words?.confirm ?? ''}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />

      <OneTimePasswordDialog grant={grant} onClose={() => setGrant(null)} />
    </>
  );
}
