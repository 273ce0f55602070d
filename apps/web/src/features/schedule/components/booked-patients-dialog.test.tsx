import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Slot } from '@vaidya/contract/bookings';
import type { BookingsChoice } from '@vaidya/contract/schedule';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { uuid } from '../../../testing/fake-masters';
import { formatDay, formatPeriod } from '../schedule-dates';
import { BookedPatientsDialog } from './booked-patients-dialog';

const booking = (token: number, name: string, date: string, start: string, end: string): Slot => ({
  id: uuid(100 + token),
  queue_id: uuid(1),
  date,
  start_time: start,
  end_time: end,
  token_number: token,
  status: 'booked',
  source: 'front_desk',
  customer: { id: uuid(200 + token), name, mobile: '9822011001', age: null, gender: null },
  showed_up_at: null,
  called_at: null,
  completed_at: null,
  no_show_at: null,
});

const booked = [
  booking(3, 'Asha Rao', '2026-11-24', '11:15', '11:30'),
  booking(7, 'Vikram Joshi', '2026-11-24', '11:45', '12:00'),
];

function renderDialog(
  props: { bookings?: Slot[] | null; saving?: BookingsChoice | null; error?: unknown } = {},
) {
  const onChoose = vi.fn();
  const onBack = vi.fn();
  const view = render(
    <BookedPatientsDialog
      bookings={props.bookings === undefined ? booked : props.bookings}
      because="These bookings fall in the off-day."
      saving={props.saving ?? null}
      error={props.error ?? null}
      errorFallback="Failed to save off-day"
      onChoose={onChoose}
      onBack={onBack}
    />,
  );
  return { ...view, onChoose, onBack };
}

describe('the booked-patients dialog', () => {
  it('says how many patients are booked then and lists each with token, day, time and name', () => {
    renderDialog();

    const dialog = screen.getByRole('dialog', { name: '2 patients are booked then' });
    expect(within(dialog).getByText('These bookings fall in the off-day.')).toBeVisible();
    const rows = within(within(dialog).getByRole('list', { name: 'Booked patients' })).getAllByRole(
      'listitem',
    );
    // Dates and times as the schedule screen writes them everywhere.
    const day = formatDay('2026-11-24');
    expect(rows.map((row) => row.textContent)).toEqual([
      `Token 3 · Asha Rao${day}, ${formatPeriod('11:15', '11:30')}`,
      `Token 7 · Vikram Joshi${day}, ${formatPeriod('11:45', '12:00')}`,
    ]);
  });

  it('says "1 patient" for one', () => {
    renderDialog({ bookings: booked.slice(0, 1) });
    expect(screen.getByRole('dialog', { name: '1 patient is booked then' })).toBeVisible();
  });

  it('offers keeping the bookings, cancelling them with a message, and going back', async () => {
    const { onChoose, onBack } = renderDialog();

    await userEvent.click(screen.getByRole('button', { name: 'Keep the bookings' }));
    expect(onChoose).toHaveBeenLastCalledWith('keep');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel them and message the patients' }));
    expect(onChoose).toHaveBeenLastCalledWith('cancel');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onBack).toHaveBeenCalledTimes(2);
  });

  it('cannot be left or chosen again while a choice is saving', async () => {
    const { onChoose, onBack } = renderDialog({ saving: 'cancel' });

    expect(screen.getByRole('button', { name: 'Go back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keep the bookings' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Cancel them and message the patients/ })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onBack).not.toHaveBeenCalled();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('shows why saving failed, in the server’s words', () => {
    renderDialog({
      error: new ApiError({
        status: 402,
        code: 'PAYMENT_REQUIRED',
        message: 'Insufficient balance. Please recharge.',
      }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Insufficient balance. Please recharge.');
  });

  it('is closed while there are no bookings to show', () => {
    renderDialog({ bookings: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
