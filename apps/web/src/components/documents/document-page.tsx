import { documentPageTexts as texts } from '@vaidya/contract/prescription-screens';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './document-page.module.css';
import type { FetchedDocument } from './public-document';

/** What one kind of document calls itself and its failures, in the spec's words. */
export interface DocumentWords {
  /** The printed sheet's accessible name. */
  document: string;
  /** Said when the document could not be fetched. */
  fetchError: string;
  /** In place of the document when there is none to show. */
  notFound: string;
}

interface DocumentPageProps<T> {
  /** The document's fetch and its Retry; its document is what `children` draws. */
  fetched: FetchedDocument<T>;
  words: DocumentWords;
  /** Draws the printed sheet's content. */
  children: (document: T) => ReactNode;
  /** Links at the start of the toolbar, such as Back and Edit. */
  navigation?: ReactNode;
  /** Buttons beside Print, such as Send WhatsApp. */
  actions?: (document: T) => ReactNode;
  /** Under the sheet on screen and never printed, such as the messages sent. */
  below?: (document: T) => ReactNode;
}

/** A Material icon's path, drawn without MUI. */
function Icon({ path }: { path: string }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

const printIcon =
  'M19 8H5c-1.66 0-3 1.34-3 3v6h4v4h12v-4h4v-6c0-1.66-1.34-3-3-3m-3 11H8v-5h8zm3-7c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m-1-9H6v4h12z';

/** The icons of the toolbar's links. */
export const toolbarIcons = {
  back: 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z',
  edit: 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04c.39-.39.39-1.02 0-1.41l-2.34-2.34a.996.996 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
  // Material's "person".
  patient:
    'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4',
};

/** A link of the toolbar, drawn as its buttons are. */
export function ToolbarLink({ to, icon, children }: { to: string; icon: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.button}>
      <Icon path={icon} />
      {children}
    </Link>
  );
}

/**
 * The one mechanism of the printable pages (prescriptions, bills, receipts): a loading
 * overlay while fetching, the empty message (with why and Retry when the fetch failed), a
 * Print button, the caller's own links and actions, and the sheet that alone reaches the
 * paper (document-page.module.css). Plain markup and a CSS module, no MUI: the patient's
 * pages (/prescription/:id, /bill/:id) load it on a phone (decision 032).
 */
export function DocumentPage<T>({
  fetched: { state, reload },
  words,
  children,
  navigation,
  actions,
  below,
}: DocumentPageProps<T>) {
  return (
    <main className={styles.page}>
      {state.status === 'loading' ? (
        <div className={`${styles.noPrint} ${styles.overlay}`}>
          <span className={styles.spinner} role="progressbar" aria-label={texts.loading} />
        </div>
      ) : null}
      {state.status === 'missing' || state.status === 'failed' ? (
        <section className={styles.notice}>
          <h1 className={styles.noticeTitle}>{words.notFound}</h1>
          {state.status === 'failed' ? (
            <>
              <p role="alert">{words.fetchError}</p>
              <button type="button" className={styles.button} onClick={reload}>
                {texts.retry}
              </button>
            </>
          ) : null}
        </section>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <div className={`${styles.noPrint} ${styles.toolbar}`} role="toolbar" aria-label={texts.actions}>
            {navigation ? <div className={styles.navigation}>{navigation}</div> : null}
            <button type="button" className={styles.button} onClick={() => window.print()}>
              <Icon path={printIcon} />
              {texts.print}
            </button>
            {actions?.(state.document)}
          </div>
          <article className={styles.sheet} aria-label={words.document}>
            {children(state.document)}
          </article>
          {below ? <div className={`${styles.noPrint} ${styles.below}`}>{below(state.document)}</div> : null}
        </>
      ) : null}
    </main>
  );
}
