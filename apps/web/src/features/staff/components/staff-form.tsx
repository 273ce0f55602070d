import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { indianMobileSchema } from '@vaidya/contract/mobile';
import type { Location } from '@vaidya/contract/partner';
import { roleLabels, type UserRole, userRoles } from '@vaidya/contract/roles';
import { addStaffBody, type StaffMember, staffMessages } from '@vaidya/contract/staff';
import { staffScreenTexts } from '@vaidya/contract/staff-screens';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { mobileInputAttributes, typedMobile } from '../../../lib/mobile-input';

const texts = staffScreenTexts.form;

/** Who the form makes or changes: an owner works at every location, anyone else at those ticked. */
const staffForm = z
  .object({
    name: addStaffBody.shape.name,
    email: addStaffBody.shape.email,
    /** Blank is no mobile. */
    mobile: z
      .string()
      .transform((typed) => typed.trim() || undefined)
      .pipe(indianMobileSchema.optional()),
    role: addStaffBody.shape.role,
    locationIds: z.array(z.string()),
  })
  .refine((values) => values.role === 'owner' || values.locationIds.length > 0, {
    path: ['locationIds'],
    message: staffMessages.noLocations,
  });
type StaffFormInput = z.input<typeof staffForm>;
export type StaffFormValues = z.output<typeof staffForm>;

function LocationChoices({
  control,
  locations,
}: {
  control: Control<StaffFormInput, unknown, StaffFormValues>;
  locations: Location[];
}) {
  const { field, fieldState } = useController({ control, name: 'locationIds' });
  const role = useWatch({ control, name: 'role' });
  const owner = role === 'owner';
  const chosen = new Set(field.value);
  const toggle = (locationId: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(locationId);
    else next.delete(locationId);
    field.onChange(locations.map((location) => location.id).filter((id) => next.has(id)));
  };
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={owner}>
      <FormLabel component="legend">{texts.locations}</FormLabel>
      <FormGroup row>
        {locations.map((location) => (
          <FormControlLabel
            key={location.id}
            label={location.location_name}
            control={
              <Checkbox
                checked={owner || chosen.has(location.id)}
                onChange={(event) => toggle(location.id, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>
        {fieldState.error?.message ?? (owner ? texts.ownerLocations : texts.locationsHint)}
      </FormHelperText>
    </FormControl>
  );
}

/**
 * A member of staff: name, email, mobile, role and locations when added; name, role and
 * locations when changed (their email and mobile are theirs to keep).
 */
export function StaffForm({
  member,
  locations,
  formId,
  onSubmit,
}: {
  /** Null adds someone. */
  member: StaffMember | null;
  locations: Location[];
  formId: string;
  onSubmit: (values: StaffFormValues) => void;
}) {
  const { control, handleSubmit } = useForm<StaffFormInput, unknown, StaffFormValues>({
    resolver: zodResolver(staffForm),
    defaultValues: {
      name: member?.name ?? '',
      email: member?.email ?? '',
      mobile: member?.mobile ?? '',
      role: member?.role ?? 'doctor',
      locationIds: member?.location_ids ?? (locations.length === 1 ? [locations[0]?.id ?? ''] : []),
    },
  });
  const role = useWatch({ control, name: 'role' }) as UserRole;
  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="name"
          label={texts.name}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        {member ? null : (
          <>
            <FormTextField
              control={control}
              name="email"
              label={texts.email}
              type="email"
              required
              helperText={texts.emailHint}
              slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off' } }}
            />
            <FormTextField
              control={control}
              name="mobile"
              label={texts.mobile}
              type="tel"
              keepOfTyped={typedMobile}
              slotProps={{ htmlInput: mobileInputAttributes }}
            />
          </>
        )}
        <FormTextField
          control={control}
          name="role"
          label={texts.role}
          select
          helperText={texts.roleHints[role]}
        >
          {userRoles.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {roleLabels[choice]}
            </MenuItem>
          ))}
        </FormTextField>
        <LocationChoices control={control} locations={locations} />
      </Stack>
    </form>
  );
}
