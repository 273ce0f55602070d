import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import IconButton from '@mui/material/IconButton';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { dateFieldWords as words } from '@vaidya/contract/date-field-screens';
import { useRef, useState } from 'react';

/**
 * What is typed, kept to DD/MM/YYYY: digits only, the slashes put in as the day and the
 * month fill up. A separator typed after a lone digit ends that part ("5/" is "05/"), and
 * one typed after a full day or month stays, so typing the slashes works as well as not.
 */
function masked(typed: string): string {
  const parts = typed.split(/\D+/);
  const digits = parts
    .map((part, index) => (index < parts.length - 1 && part.length === 1 ? `0${part}` : part))
    .join('')
    .slice(0, 8);
  const text = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
  const separatorTyped = /\D$/.test(typed) && (digits.length === 2 || digits.length === 4);
  return separatorTyped ? `${text}/` : text;
}

/** 'YYYY-MM-DD' of a whole DD/MM/YYYY that is a day of the calendar (not 31/02), else ''. */
function calendarDateOf(text: string): string {
  const whole = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!whole) return '';
  const [, day, month, year] = whole;
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : '';
}

const shownOf = (value: string) => (value ? calendarDateEnGb(value) : '');

type DateFieldProps = Pick<TextFieldProps, 'name' | 'required' | 'size' | 'fullWidth' | 'sx' | 'inputRef'> & {
  label: string;
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** 'YYYY-MM-DD' once a real date is typed or picked; '' while the field is empty or holds no real date. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The caller's own rule for a real date (after the end date, before today); a date that is not real is said first. */
  error?: string;
  /** The earliest day the calendar offers, 'YYYY-MM-DD'. */
  min?: string;
};

/**
 * A date read and typed DD/MM/YYYY (spec §9) whatever the browser's language, where
 * `<input type="date">` follows the browser (MM/DD/YYYY on an en-US one). Where the
 * browser can open its own calendar on demand (`showPicker`), a button beside the text
 * opens it; the text field alone works everywhere, with the keyboard as with a finger.
 */
export function DateField({ label, value, onChange, onBlur, error, min, ...field }: DateFieldProps) {
  const [text, setText] = useState(() => shownOf(value));
  const [left, setLeft] = useState(false);
  const [valueSeen, setValueSeen] = useState(value);
  const calendar = useRef<HTMLInputElement>(null);

  // A date set from outside (the day before, today) replaces the text, unless it is what the text already says.
  if (value !== valueSeen) {
    setValueSeen(value);
    if (value !== calendarDateOf(text)) setText(shownOf(value));
  }

  const take = (shown: string) => {
    setText(shown);
    const date = calendarDateOf(shown);
    if (date !== value) onChange(date);
  };

  const notReal = text !== '' && !calendarDateOf(text) && (text.length === 10 || left);
  const shownError = notReal ? words.notARealDate(label) : error;
  const canOpenCalendar = 'showPicker' in HTMLInputElement.prototype;

  return (
    <TextField
      {...field}
      label={label}
      value={text}
      placeholder={words.format}
      onChange={(event) => {
        setLeft(false);
        take(masked(event.target.value));
      }}
      onBlur={() => {
        setLeft(true);
        onBlur?.();
      }}
      error={Boolean(shownError)}
      helperText={shownError}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 },
        inputLabel: { shrink: true },
        input: {
          endAdornment: canOpenCalendar ? (
            <>
              <IconButton
                edge="end"
                size={field.size}
                aria-label={words.openCalendar(label)}
                onClick={() => calendar.current?.showPicker()}
              >
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              {/* The browser's own calendar, opened by the button and anchored under the field; never focused. */}
              <input
                ref={calendar}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                min={min}
                onChange={(event) => take(shownOf(event.target.value))}
                style={{
                  position: 'absolute',
                  left: 0,
                  bottom: 0,
                  width: '100%',
                  height: 0,
                  padding: 0,
                  border: 0,
                  opacity: 0,
                  pointerEvents: 'none',
                }}
              />
            </>
          ) : undefined,
        },
      }}
    />
  );
}
