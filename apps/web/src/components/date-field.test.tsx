import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from '@vaidya/contract/calendar-dates';
import { dateFieldWords } from '@vaidya/contract/date-field-screens';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';

/** A caller of the field, as the bookings screen is: it keeps the date the field gives and can move it a day. */
function DayOnView({ first = '', error }: { first?: string; error?: string }) {
  const [day, setDay] = useState(first);
  return (
    <>
      <DateField label="Day" value={day} onChange={setDay} error={error} />
      <output aria-label="Day asked for">{day || 'none'}</output>
      <button type="button" onClick={() => setDay(addDays(day, 1))}>
        Next day
      </button>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Day' });
const dayAskedFor = () => screen.getByRole('status', { name: 'Day asked for' });
const notReal = 'Day must be a real date, DD/MM/YYYY';

describe('the date field', () => {
  beforeEach(() => {
    // A browser set to American English, whose own date inputs read MM/DD/YYYY.
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows its date DD/MM/YYYY to an en-US browser, and gives the date typed that way', async () => {
    render(<DayOnView first="2026-11-23" />);
    expect(field()).toHaveValue('23/11/2026');

    await userEvent.clear(field());
    expect(field()).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await userEvent.type(field(), '05112026');
    expect(field()).toHaveValue('05/11/2026');
    expect(dayAskedFor()).toHaveTextContent('2026-11-05');
    expect(field()).not.toHaveAccessibleDescription();
  });

  it('takes the slashes typed or not, and a lone digit before a slash as the whole day or month', async () => {
    render(<DayOnView />);
    await userEvent.type(field(), '5/1/2027');
    expect(field()).toHaveValue('05/01/2027');
    expect(dayAskedFor()).toHaveTextContent('2027-01-05');

    await userEvent.clear(field());
    await userEvent.type(field(), '28/02/2027');
    expect(field()).toHaveValue('28/02/2027');
    expect(dayAskedFor()).toHaveTextContent('2027-02-28');
  });

  it('says a date not on the calendar is not real, naming the field, and gives no date', async () => {
    render(<DayOnView first="2026-11-23" />);
    await userEvent.clear(field());
    await userEvent.type(field(), '31022026');

    expect(field()).toHaveValue('31/02/2026');
    expect(field()).toBeInvalid();
    expect(field()).toHaveAccessibleDescription(notReal);
    expect(dayAskedFor()).toHaveTextContent('none');

    await userEvent.type(
      field(),
      '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}',
    );
    expect(field()).toHaveValue('31/');
    await userEvent.type(field(), '12/2028');
    expect(field()).toHaveValue('31/12/2028');
    expect(field()).toBeValid();
    expect(dayAskedFor()).toHaveTextContent('2028-12-31');
  });

  it('says half a date is not real once the field is left, and not while it is typed', async () => {
    render(<DayOnView />);
    await userEvent.type(field(), '0511');
    expect(field()).toHaveValue('05/11');
    expect(field()).toBeValid();

    await userEvent.tab();
    expect(field()).toBeInvalid();
    expect(field()).toHaveAccessibleDescription(notReal);
    expect(dayAskedFor()).toHaveTextContent('none');
  });

  it('shows a date set from outside, and the caller’s own rule once the date is real', async () => {
    const { rerender } = render(<DayOnView first="2026-12-31" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(field()).toHaveValue('01/01/2027');

    rerender(<DayOnView first="2026-12-31" error="Start date cannot be after end date" />);
    expect(field()).toHaveAccessibleDescription('Start date cannot be after end date');
  });

  it('opens the browser’s calendar from a button the keyboard reaches, and takes the day picked there', async () => {
    // jsdom has no calendar to open: stand in for the browser's, recording the input it was opened for.
    const openedFor: HTMLInputElement[] = [];
    HTMLInputElement.prototype.showPicker = function showPicker(this: HTMLInputElement) {
      openedFor.push(this);
    };
    try {
      render(<DayOnView first="2026-11-23" />);
      await userEvent.tab();
      expect(field()).toHaveFocus();
      await userEvent.tab();
      const calendarButton = screen.getByRole('button', { name: dateFieldWords.openCalendar('Day') });
      expect(calendarButton).toHaveFocus();

      await userEvent.keyboard('{Enter}');
      expect(openedFor).toHaveLength(1);
      const calendar = openedFor[0] as HTMLInputElement;
      expect(calendar).toHaveAttribute('type', 'date');
      expect(calendar).toHaveValue('2026-11-23');

      // The browser's calendar sets its input to the day picked, as 'YYYY-MM-DD' whatever its language.
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(calendar, '2026-12-07');
      calendar.dispatchEvent(new Event('input', { bubbles: true }));
      expect(field()).toHaveValue('07/12/2026');
      expect(dayAskedFor()).toHaveTextContent('2026-12-07');
      // The hidden input is never a stop for the keyboard: after the button comes the next control.
      await userEvent.tab();
      expect(screen.getByRole('button', { name: 'Next day' })).toHaveFocus();
    } finally {
      Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
    }
  });
});
