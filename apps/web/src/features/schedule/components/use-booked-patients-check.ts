import type { Slot } from '@vaidya/contract/bookings';
import type { BookingsChoice } from '@vaidya/contract/schedule';
import type { BookingsInPeriodQuery } from '@vaidya/contract/schedule-changes';
import { scheduleScreenTexts } from '@vaidya/contract/schedule-screens';
import { useState } from 'react';
import { useBookingsInPeriods } from '../api/schedule-api';

/** The change's own save, as its mutation tells it. */
interface Saving {
  isPending: boolean;
  error: unknown;
}

/**
 * The step before a change that takes time away is saved: the open bookings in that time are
 * asked for; with none the change is saved as it is, otherwise they are held for
 * BookedPatientsDialog until the desk keeps them, cancels them, or goes back to the form.
 */
export function useBookedPatientsCheck<Change>(save: (change: Change, bookings?: BookingsChoice) => void) {
  const check = useBookingsInPeriods();
  const [found, setFound] = useState<{ change: Change; bookings: Slot[] } | null>(null);
  const [choice, setChoice] = useState<BookingsChoice | null>(null);

  const booked = found?.bookings ?? null;

  /** Saves the held change with what to do with its bookings. */
  const choose = (bookings: BookingsChoice) => {
    if (!found) return;
    setChoice(bookings);
    save(found.change, bookings);
  };
  /** Back to the form (Go back), or done once the change is saved. */
  const dismiss = () => setFound(null);

  return {
    /** Saves the change, first asking who is booked in `periods` (none: nothing is taken away). */
    saveAfterCheck(change: Change, periods: BookingsInPeriodQuery[]) {
      check.reset();
      if (periods.length === 0) {
        save(change);
        return;
      }
      check.mutate(periods, {
        onSuccess: (bookings) => (bookings.length === 0 ? save(change) : setFound({ change, bookings })),
      });
    },
    dismiss,
    /** A new form: no answer or refusal of an earlier check. */
    reset() {
      check.reset();
      dismiss();
    },
    /**
     * What the change's form dialog shows: busy while the bookings are asked for or the change
     * saves; why the bookings could not be asked for, or why the save failed while no list is shown.
     */
    formState(saving: Saving, saveError: string) {
      return {
        saving: saving.isPending || check.isPending,
        error: check.error ?? (booked ? null : saving.error),
        errorFallback: check.error ? scheduleScreenTexts.bookedPatients.checkError : saveError,
      };
    },
    /** BookedPatientsDialog's list and choices (all but why the bookings are reached). */
    dialogProps(saving: Saving, saveError: string) {
      return {
        bookings: booked,
        saving: saving.isPending ? choice : null,
        error: saving.error,
        errorFallback: saveError,
        onChoose: choose,
        onBack: dismiss,
      };
    },
  };
}
