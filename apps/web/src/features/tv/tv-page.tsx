import type { TvDisplay } from '@vaidya/contract/tv';
import { tvScreen as texts } from '@vaidya/contract/tv-screens';
import type { CSSProperties } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useClockTime } from './tv-clock';
import styles from './tv-page.module.css';
import { fillWaitingRows, waitingListRows } from './tv-waiting-list';
import { useTvDisplay } from './use-tv-display';

type Paired = Extract<TvDisplay, { status: 'paired' }>;

/**
 * The waiting-room TV (issue 12), opened full screen on any browser as /tv: its pairing
 * code until staff pair it with a queue, then that queue's token now served and the next
 * ones, in type read across a room, on one screen that never scrolls (a TV cannot). Drawn
 * without MUI, like the booking website.
 */
export function TvPage() {
  const state = useTvDisplay();
  useDocumentTitle(texts.pageTitle);

  return (
    <div className={styles.page}>
      {state.status === 'connecting' ? (
        <main className={styles.centered}>
          <p className={styles.status} role="status">
            {texts.connecting}
          </p>
        </main>
      ) : state.display.status === 'waiting' ? (
        <Pairing code={state.display.pairing_code} />
      ) : (
        <Queue display={state.display} />
      )}
      {state.status === 'reconnecting' && (
        <p className={styles.offline} role="status">
          {texts.offline}
        </p>
      )}
    </div>
  );
}

function Pairing({ code }: { code: string }) {
  return (
    <main className={styles.centered}>
      <p className={styles.brand}>{texts.brand}</p>
      <h1 className={styles.pairingHeading}>{texts.pairingHeading}</h1>
      <p className={styles.code} data-testid="pairing-code">
        {code}
      </p>
      <p className={styles.instruction}>{texts.pairingInstruction}</p>
      <p className={styles.hint}>{texts.codeExpires}</p>
    </main>
  );
}

function Queue({ display }: { display: Paired }) {
  const time = useClockTime(display.time_zone);
  const waiting = fillWaitingRows(display.next, waitingListRows);
  return (
    <main className={styles.queue}>
      <header className={styles.header}>
        <h1 className={styles.clinic}>{display.clinic_name}</h1>
        <p className={styles.queueName}>
          {display.queue_name} · {display.location_name}
        </p>
        <p className={styles.clock} data-testid="tv-clock">
          {time}
        </p>
      </header>
      <section className={styles.serving} aria-labelledby="now-serving">
        <h2 id="now-serving" className={styles.label}>
          {texts.nowServing}
        </h2>
        <p className={styles.servingNumber} data-testid="now-serving">
          {display.now_serving ? display.now_serving.token_number : texts.nobodyServed}
        </p>
        <p className={styles.servingName}>{display.now_serving?.patient}</p>
      </section>
      <section className={styles.next} aria-labelledby="next-tokens">
        <h2 id="next-tokens" className={styles.label}>
          {texts.next}
        </h2>
        {waiting.shown.length === 0 ? (
          <p className={styles.empty}>{texts.noneWaiting}</p>
        ) : (
          <ol className={styles.nextList} style={{ '--waiting-rows': waitingListRows } as CSSProperties}>
            {waiting.shown.map((token) => (
              <li key={token.token_number} className={styles.nextItem}>
                <span className={styles.nextNumber}>{token.token_number}</span>
                <span className={styles.nextName}>{token.patient}</span>
              </li>
            ))}
            {waiting.more > 0 && (
              <li className={styles.more} data-testid="more-waiting">
                {texts.moreWaiting(waiting.more)}
              </li>
            )}
          </ol>
        )}
      </section>
    </main>
  );
}
