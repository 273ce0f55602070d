import type { OnlineBooking } from '@vaidya/contract/bookings';
import { indianMobileDigits } from '@vaidya/contract/phone-numbers';
import type { SiteQueue } from '@vaidya/contract/site';
import { siteScreen as texts } from '@vaidya/contract/site-screens';
import { type FormEvent, useState } from 'react';
import { mobileInputAttributes, typedMobile } from '../../lib/mobile-input';
import { bookSlot, fetchFreeSlots, fetchOpenDates, SiteRequestError } from './site-api';
import { formatDay, formatTime } from './site-format';
import styles from './site-page.module.css';
import { Choice, Failed, Loading } from './site-parts';
import { useRemote } from './use-remote';

/** The slot a booking attempt found already taken: the server's 409. */
const slotTakenStatus = 409;
/** The clinic's wallet cannot pay for another booking: the server's 402. */
const walletEmptyStatus = 402;
/** The clinic's account is disabled: the server's 403. */
const notTakingBookingsStatus = 403;

/** The contract's patientNameMaxLength (bookings.ts), kept here as that module brings zod with it. */
export const nameMaxLength = 120;

/**
 * Date, time and the patient's name and mobile for one queue, then the confirmation
 * with the token number. A slot taken in the meantime (409) shows the server's sentence
 * and fetches the date's free times again.
 */
export function BookingPanel({ queue }: { queue: SiteQueue }) {
  const [booked, setBooked] = useState<OnlineBooking | null>(null);
  const [round, setRound] = useState(0);
  if (booked) {
    return (
      <Confirmation
        booking={booked}
        onBookAnother={() => {
          setBooked(null);
          setRound((current) => current + 1);
        }}
      />
    );
  }
  return <DateAndTime key={round} queue={queue} onBooked={setBooked} />;
}

function DateAndTime({ queue, onBooked }: { queue: SiteQueue; onBooked: (booking: OnlineBooking) => void }) {
  const dates = useRemote(queue.id, (signal) => fetchOpenDates(queue.id, signal));
  const [chosenDate, setChosenDate] = useState<string>();

  if (dates.remote.status === 'loading') return <Loading text={texts.loadingDates} />;
  if (dates.remote.status === 'failed') return <Failed error={dates.remote.error} onRetry={dates.reload} />;
  const openDates = dates.remote.data;
  const date =
    chosenDate ?? openDates.find((candidate) => candidate.available > 0)?.date ?? openDates[0]?.date;
  if (date === undefined) return <p className={styles.notice}>{texts.noOpenDates}</p>;

  return (
    <>
      <fieldset className={styles.field}>
        <legend className={styles.label}>{texts.date}</legend>
        <div className={`${styles.chips} ${styles.scroller}`}>
          {openDates.map((open) => (
            <Choice
              key={open.date}
              name="date"
              checked={open.date === date}
              disabled={open.available === 0}
              onChange={() => setChosenDate(open.date)}
            >
              <span className={styles.chipMain}>{formatDay(open.date)}</span>
              <span className={styles.chipNote}>
                {open.available > 0 ? texts.freeSlots(open.available) : texts.full}
              </span>
            </Choice>
          ))}
        </div>
      </fieldset>
      <TimeAndDetails key={date} queueId={queue.id} date={date} onBooked={onBooked} />
    </>
  );
}

function TimeAndDetails(props: {
  queueId: string;
  date: string;
  onBooked: (booking: OnlineBooking) => void;
}) {
  const { queueId, date } = props;
  const slots = useRemote(`${queueId} ${date}`, (signal) => fetchFreeSlots(queueId, date, signal));
  const [startTime, setStartTime] = useState<string>();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; mobile?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!startTime || saving) return;
    const customerMobile = indianMobileDigits(mobile);
    const errors = {
      name: name.trim() ? undefined : texts.nameRequired,
      mobile: customerMobile ? undefined : texts.invalidMobile,
    };
    setFieldErrors(errors);
    if (!customerMobile || errors.name) return;
    setSaving(true);
    setFailure(undefined);
    try {
      props.onBooked(await bookSlot({ queueId, date, startTime, customerName: name.trim(), customerMobile }));
    } catch (error) {
      const request = error instanceof SiteRequestError ? error : new SiteRequestError(0, texts.loadFailed);
      setFailure(failureText(request));
      if (request.status === slotTakenStatus) {
        setStartTime(undefined);
        slots.reload();
      }
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.field}>
        <legend className={styles.label}>{texts.time}</legend>
        {slots.remote.status === 'loading' && <Loading text={texts.loadingSlots} />}
        {slots.remote.status === 'failed' && <Failed error={slots.remote.error} onRetry={slots.reload} />}
        {slots.remote.status === 'ready' &&
          (slots.remote.data.length === 0 ? (
            <p className={styles.secondary}>{texts.noFreeSlots}</p>
          ) : (
            <div className={styles.times}>
              {slots.remote.data.map((slot) => (
                <Choice
                  key={slot.start_time}
                  name="time"
                  checked={slot.start_time === startTime}
                  onChange={() => setStartTime(slot.start_time)}
                >
                  {formatTime(slot.start_time)}
                </Choice>
              ))}
            </div>
          ))}
      </fieldset>

      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}

      <fieldset className={styles.field}>
        <legend className={styles.label}>{texts.yourDetails}</legend>
        <TextField
          label={texts.name}
          value={name}
          onChange={setName}
          error={fieldErrors.name}
          autoComplete="name"
          maxLength={nameMaxLength}
        />
        <TextField
          label={texts.mobile}
          value={mobile}
          onChange={(typed) => setMobile(typedMobile(typed))}
          error={fieldErrors.mobile}
          hint={texts.mobileHint}
          autoComplete="tel-national"
          type="tel"
          {...mobileInputAttributes}
        />
      </fieldset>

      <button
        type="submit"
        className={`${styles.button} ${styles.primary}`}
        disabled={!startTime || saving}
        aria-busy={saving}
      >
        {saving ? texts.booking : startTime ? texts.book(formatTime(startTime)) : texts.chooseTimeFirst}
      </button>
    </form>
  );
}

function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'tel';
  type?: 'tel';
}) {
  const id = `site-${props.autoComplete}`;
  const note = props.error ?? props.hint;
  return (
    <div className={styles.textField}>
      <label htmlFor={id} className={styles.inputLabel}>
        {props.label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        type={props.type ?? 'text'}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
      />
      {note && (
        <span id={`${id}-note`} className={props.error ? styles.error : styles.hint}>
          {note}
        </span>
      )}
    </div>
  );
}

/** What a refused booking tells the visitor: never of the clinic's account, only that it takes no booking now. */
function failureText(request: SiteRequestError): string {
  if (request.status === walletEmptyStatus) return texts.onlineBookingPaused;
  if (request.status === notTakingBookingsStatus) return texts.notTakingOnlineBookings;
  return request.message;
}

function Confirmation(props: { booking: OnlineBooking; onBookAnother: () => void }) {
  const { booking } = props;
  return (
    <div className={styles.confirmation} role="status">
      <h3 className={styles.confirmedTitle}>{texts.confirmed}</h3>
      <p className={styles.tokenLabel}>{texts.tokenNumber}</p>
      <p className={styles.token}>{booking.token_number}</p>
      <p className={styles.when}>
        {formatDay(booking.date)}, {formatTime(booking.start_time)}
      </p>
      <p className={styles.secondary}>
        {booking.queue_name} · {booking.location_name}
      </p>
      <p className={styles.secondary}>{booking.customer_name}</p>
      <p className={styles.secondary}>{texts.arriveNote}</p>
      <button type="button" className={styles.button} onClick={props.onBookAnother}>
        {texts.bookAnother}
      </button>
    </div>
  );
}
