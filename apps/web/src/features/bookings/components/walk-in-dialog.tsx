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
import { patientNameKey } from '@vaidya/contract/patients';
import { useCallback, useEffect, useId, useRef } from 'react';
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

const noPatients: Patient[] = [];

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
  const family = usePatientByMobile(mobile).data?.data ?? noPatients;
  // The family's patient the typed name is (case and spaces aside), or none: a new patient.
  const nameKey = patientNameKey(useWatch({ control, name: 'customerName' }));
  const picked = family.find((member) => patientNameKey(member.name) === nameKey);

  // The age and gender a known patient's details put in the form, so typing another name
  // (someone else on the phone) takes them out again rather than giving them to the new patient.
  const filledFrom = useRef<{ age: string; gender: string } | null>(null);
  const fill = useCallback(
    (age: string, gender: WalkInInput['customerGender']) => {
      setValue('customerAge', age);
      setValue('customerGender', gender);
      filledFrom.current = { age, gender };
    },
    [setValue],
  );

  // A phone with one patient fills only the fields still empty: what the desk typed stays.
  // With a family on it, the desk picks who has come.
  useEffect(() => {
    const [only] = family;
    if (family.length !== 1 || !only) return;
    if (getValues('customerName').trim() === '') setValue('customerName', only.name);
    const age = getValues('customerAge').trim() === '' && only.age !== null ? String(only.age) : null;
    const gender = getValues('customerGender') === '' && only.gender !== null ? only.gender : null;
    if (age !== null || gender !== null) {
      fill(age ?? getValues('customerAge'), gender ?? getValues('customerGender'));
    }
  }, [family, fill, getValues, setValue]);

  useEffect(() => {
    const filled = filledFrom.current;
    if (picked || !filled) return;
    if (getValues('customerAge') === filled.age) setValue('customerAge', '');
    if (getValues('customerGender') === filled.gender) setValue('customerGender', '');
    filledFrom.current = null;
  }, [picked, getValues, setValue]);

  /** The desk picked a patient of the family (their details fill the form), or a new one (empty). */
  const pick = (id: string) => {
    const member = family.find((patient) => patient.id === id);
    setValue('customerName', member?.name ?? '', { shouldValidate: Boolean(member) });
    fill(member?.age == null ? '' : String(member.age), member?.gender ?? '');
  };

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
        patientId: picked?.mobile === form.customerMobile ? picked.id : undefined,
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
          helperText={family.length === 1 && picked ? words.returningPatient : undefined}
          keepOfTyped={typedMobile}
          slotProps={{ htmlInput: { ...mobileInputAttributes, autoComplete: 'off' } }}
        />
        {family.length > 1 ? (
          <>
            <FormLabel component="legend" id={`${formId}-family`} sx={{ mt: 1 }}>
              {words.patientsOnMobile}
            </FormLabel>
            <RadioGroup
              aria-labelledby={`${formId}-family`}
              value={picked?.id ?? ''}
              onChange={(event) => pick(event.target.value)}
            >
              {family.map((member) => (
                <FormControlLabel
                  key={member.id}
                  value={member.id}
                  control={<Radio size="small" />}
                  label={words.patientChoice(
                    member.name,
                    member.age,
                    member.gender && words.genders[member.gender],
                  )}
                />
              ))}
              <FormControlLabel value="" control={<Radio size="small" />} label={words.newPatientOnMobile} />
            </RadioGroup>
          </>
        ) : null}
        <FormTextField
          control={control}
          name="customerName"
          label={words.nameLabel}
          required
          margin="dense"
          helperText={family.length > 0 && !picked && nameKey ? words.newFamilyMember : undefined}
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
