import { siteScreen as texts } from '@vaidya/contract/site-screens';
import type { ReactNode } from 'react';
import type { SiteRequestError } from './site-api';
import styles from './site-page.module.css';

/** One option of a row of chips: a radio button, so a screen reader hears a choice of one. */
export function Choice(props: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className={styles.chip} data-checked={props.checked} data-disabled={props.disabled}>
      <input
        type="radio"
        className={styles.radio}
        name={props.name}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
      />
      {props.children}
    </label>
  );
}

export function Loading({ text }: { text: string }) {
  return (
    <p className={styles.status} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {text}
    </p>
  );
}

export function Failed({ error, onRetry }: { error: SiteRequestError; onRetry: () => void }) {
  return (
    <div className={styles.notice} role="alert">
      <p>{error.message}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        {texts.tryAgain}
      </button>
    </div>
  );
}
