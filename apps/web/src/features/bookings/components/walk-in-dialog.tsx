import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { bookingMessages, bookSlotBody, type Patient, patientNameMaxLength } from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ActionDialog } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { mobileInputAttributes, typedMobile } from '../../../lib/mobile-input';
import { useDebounced } from '../../../lib/use-debounced';
import { useBookingMutations, useFreeSlots, usePatientByMobile } from '../api/bookings-api';
import { FreeSlotField, FreeSlotsNotice } from './free-slot-field';

const ageText = z
  .string()
  .trim()
  .refine(
    (text) => text === '' || (/^\d{1,3}$/.test(text) && Number(text) <= 130),
    bookingMessages.invalidAge,
  )
  .transform((text) => (text === '' ? null : Number(text)));

/** The walk-in's fields as typed; the contract's own rules check mobile and name, in its words. */
const walkInForm = z
  .object({
    customerMobile: bookSlotBody.shape.customerMobile,
    customerName: bookSlotBody.shape.customerName,
    customerAge: ageText,
    customerGender: z.enum(['', 'male', 'female', 'other']),
    slotChoice: z.enum(['next', 'chosen']),
    chosenTime: z.string(),
  })
  .refine((form) => form.slotChoice === 'next' || form.chosenTime !== '', {
    message: words.chooseTimeFirst,
    path: ['chosenTime'],
  });
type WalkInInput = z.input<typeof walkInForm>;

/** How long the mobile must rest before the desk's patient is looked up, so typing sends one request. */
const patientLookupDelayMs = 300;

/** The normalised number once the field holds a valid one; null while it is still being typed. */
const validMobile = (typed: string) => {
  const parsed = bookSlotBody.shape.customerMobile.safeParse(typed);
  return parsed.success ? parsed.data : null;
};

const emptyWalkIn: WalkInInput = {
  customerMobile: '',
  customerName: '',
  customerAge: '',
  customerGender: '',
  slotChoice: 'next',
  chosenTime: '',
};

/** The walk-in form filled with a patient handed over from their page. */
const walkInOf = (patient: WalkInPatient | undefined): WalkInInput =>
  patient
    ? {
        ...emptyWalkIn,
        customerMobile: patient.mobile,
        customerName: patient.name,
        customerAge: patient.age === null ? '' : String(patient.age),
        customerGender: patient.gender ?? '',
      }
    : emptyWalkIn;

export type WalkInPatient = Pick<Patient, 'name' | 'mobile' | 'age' | 'gender'>;

/**
 * Books a patient who has come in, into the queue's next free time or one the desk
 * picks. When that time is taken meanwhile (409), the server's sentence shows and the
 * free times are asked for again, so the next try offers only what is still free.
 * `patient`, when given, fills the form (Book appointment on the patient's page).
 */
export function WalkInDialog({
  queueId,
  date,
  patient,
  onClose,
}: {
  queueId: string;
  date: string;
  patient?: WalkInPatient;
  onClose: () => void;
}) {
  const { book } = useBookingMutations();
  const free = useFreeSlots(queueId, date, true);
  const slots = free.data?.data;
  const nextFree = slots?.[0];
  const formId = useId();
  const { control, handleSubmit, setValue, getValues } = useForm({
    resolver: zodResolver(walkInForm),
    defaultValues: walkInOf(patient),
  });
  const slotChoice = useWatch({ control, name: 'slotChoice' });
  const mobile = validMobile(
    useDebounced(useWatch({ control, name: 'customerMobile' }), patientLookupDelayMs),
  );
  const knownPatient = usePatientByMobile(mobile).data?.data ?? null;

  // A returning patient's details fill only the fields still empty: what the desk typed stays.
  useEffect(() => {
    if (!knownPatient) return;
    if (getValues('customerName').trim() === '') setValue('customerName', knownPatient.name);
    if (getValues('customerAge').trim() === '' && knownPatient.age !== null) {
      setValue('customerAge', String(knownPatient.age));
    }
    if (getValues('customerGender') === '' && knownPatient.gender !== null) {
      setValue('customerGender', knownPatient.gender);
    }
  }, [knownPatient, getValues, setValue]);

  const submit = handleSubmit((form) => {
    const startTime = form.slotChoice === 'next' ? nextFree?.start_time : form.chosenTime;
    if (!startTime) return;
    book.mutate(
      {
        queueId,
        date,
        startTime,
        customerName: form.customerName,
        customerMobile: form.customerMobile,
        customerAge: form.customerAge,
        customerGender: form.customerGender === '' ? null : form.customerGender,
      },
      {
        onSuccess: (answer) => {
          toast.success(words.walkInBooked(answer.data.token_number, timeOfDayEnIn(answer.data.start_time)));
          onClose();
        },
        onError: () => setValue('chosenTime', ''),
      },
    );
  });

  return (
    <ActionDialog
      title={words.walkInTitle}
      working={book.isPending}
      error={book.error}
      errorFallback={words.walkInFailed}
      cancelLabel={words.close}
      action={{ label: words.book, formId, disabled: !nextFree }}
      onClose={onClose}
    >
      <form id={formId} noValidate onSubmit={submit}>
        <FormTextField
          control={control}
          name="customerMobile"
          label={words.mobileLabel}
          type="tel"
          required
          autoFocus
          margin="dense"
          helperText={knownPatient ? words.returningPatient : undefined}
          keepOfTyped={typedMobile}
          slotProps={{ htmlInput: { ...mobileInputAttributes, autoComplete: 'off' } }}
        />
        <FormTextField
          control={control}
          name="customerName"
          label={words.nameLabel}
          required
          margin="dense"
          slotProps={{ htmlInput: { maxLength: patientNameMaxLength } }}
        />
        <Stack direction="row" spacing={2}>
          <FormTextField
            control={control}
            name="customerAge"
            label={words.ageLabel}
            margin="dense"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          />
          <FormTextField
            control={control}
            name="customerGender"
            label={words.genderLabel}
            select
            margin="dense"
          >
            <MenuItem value="">{words.notGiven}</MenuItem>
            {(['male', 'female', 'other'] as const).map((gender) => (
              <MenuItem key={gender} value={gender}>
                {words.genders[gender]}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <FormLabel component="legend" sx={{ mt: 2 }}>
          {words.slotChoice}
        </FormLabel>
        <FreeSlotsNotice
          slots={slots}
          loading={free.isPending}
          error={free.error}
          onRetry={() => free.refetch()}
        />
        {slots && nextFree ? (
          <Controller
            control={control}
            name="slotChoice"
            render={({ field }) => (
              <RadioGroup
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
              >
                <FormControlLabel
                  value="next"
                  control={<Radio />}
                  label={words.nextFree(
                    words.slotRange(timeOfDayEnIn(nextFree.start_time), timeOfDayEnIn(nextFree.end_time)),
                  )}
                />
                <FormControlLabel value="chosen" control={<Radio />} label={words.chooseTime} />
              </RadioGroup>
            )}
          />
        ) : null}
        {slots && nextFree && slotChoice === 'chosen' ? (
          <Controller
            control={control}
            name="chosenTime"
            render={({ field, fieldState }) => (
              <FreeSlotField
                slots={slots}
                value={field.value}
                onChange={field.onChange}
                errorText={fieldState.error?.message}
              />
            )}
          />
        ) : null}
      </form>
    </ActionDialog>
  );
}
