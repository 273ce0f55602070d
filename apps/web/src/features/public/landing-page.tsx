import { landingScreen as texts } from '@vaidya/contract/public-screens';
import { type ComponentType, lazy, Suspense, useMemo, useState, useTransition } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import type { LeadDialogProps } from './components/lead-dialog';
import styles from './landing-page.module.css';

interface Highlight {
  title: string;
  text: string;
  /** The path of the matching Material icon, drawn without MUI's SvgIcon. */
  icon: string;
}

const highlights: Highlight[] = [
  {
    ...texts.highlights.appointments,
    icon: 'M16.53 11.06 15.47 10l-4.88 4.88-2.12-2.12-1.06 1.06L10.59 17zM19 3h-1V1h-2v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5V8h14z',
  },
  {
    ...texts.highlights.prescriptions,
    icon: 'M6 3h12v2H6zm11 3H7c-1.1 0-2 .9-2 2v11c0 1.1.9 2 2 2h10c1.1 0 2-.9 2-2V8c0-1.1-.9-2-2-2m-1 9h-2.5v2.5h-3V15H8v-3h2.5V9.5h3V12H16z',
  },
  {
    ...texts.highlights.bills,
    icon: 'M19.5 3.5 18 2l-1.5 1.5L15 2l-1.5 1.5L12 2l-1.5 1.5L9 2 7.5 3.5 6 2v14H3v3c0 1.66 1.34 3 3 3h12c1.66 0 3-1.34 3-3V2zM19 19c0 .55-.45 1-1 1s-1-.45-1-1v-3H8V5h11zM9 7h6v2H9zm7 0h2v2h-2zm-7 3h6v2H9zm7 0h2v2h-2z',
  },
  {
    ...texts.highlights.whatsApp,
    icon: 'M16.75 13.96c.25.13.41.2.46.3.06.11.04.61-.21 1.18-.2.56-1.24 1.1-1.7 1.12-.46.02-.47.36-2.96-.73-2.49-1.09-3.99-3.75-4.11-3.92-.12-.17-.96-1.38-.92-2.61.05-1.22.69-1.8.95-2.04.24-.26.51-.29.68-.26h.47c.15 0 .36-.06.55.45l.69 1.87c.06.13.1.28.01.44l-.27.41-.39.42c-.12.12-.26.25-.12.5.12.26.62 1.09 1.32 1.78.91.88 1.71 1.17 1.95 1.3.24.14.39.12.54-.04l.81-.94c.19-.25.35-.19.58-.11l1.67.88M12 2a10 10 0 0 1 10 10 10 10 0 0 1-10 10c-1.97 0-3.8-.57-5.35-1.55L2 22l1.55-4.65A9.969 9.969 0 0 1 2 12 10 10 0 0 1 12 2m0 2a8 8 0 0 0-8 8c0 1.72.54 3.31 1.46 4.61L4.5 19.5l2.89-.96A7.95 7.95 0 0 0 12 20a8 8 0 0 0 8-8 8 8 0 0 0-8-8z',
  },
];

interface LandingPageProps {
  /**
   * Fetches the contact popup, which brings MUI, zod and the API client with it; the
   * page asks for it when the visitor reaches for the button, not before.
   */
  loadLeadDialog: () => Promise<ComponentType<LeadDialogProps>>;
}

/**
 * The first page a visitor sees (spec §2). Plain markup and a CSS module instead of
 * MUI, so it costs React and the router alone (decision 015).
 */
export function LandingPage({ loadLeadDialog }: LandingPageProps) {
  const LeadDialog = useMemo(() => lazy(async () => ({ default: await loadLeadDialog() })), [loadLeadDialog]);
  // null until first opened, so the dialog's code is not fetched for visitors who never ask.
  const [leadDialogOpen, setLeadDialogOpen] = useState<boolean | null>(null);
  // A transition keeps the button showing its spinner while the dialog's code arrives.
  const [openingLeadDialog, startOpeningLeadDialog] = useTransition();

  return (
    <div className={styles.page}>
      <main className={`${styles.container} ${styles.main}`}>
        <div className={styles.hero}>
          <h1 className={styles.title}>{texts.title}</h1>
          <p className={styles.intro}>{texts.intro}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={`${styles.button} ${styles.primary}`}
              disabled={openingLeadDialog}
              aria-busy={openingLeadDialog}
              onPointerEnter={loadLeadDialog}
              onFocus={loadLeadDialog}
              onClick={() => startOpeningLeadDialog(() => setLeadDialogOpen(true))}
            >
              {texts.requestCallBack}
            </button>
            <Link to={paths.signIn} className={styles.button}>
              {texts.signIn}
            </Link>
          </div>
          <p className={styles.secondaryText}>
            {texts.newClinic}{' '}
            <Link to={paths.signUp} className={styles.link}>
              {texts.createAccount}
            </Link>
          </p>
        </div>

        <ul className={styles.highlights}>
          {highlights.map((highlight) => (
            <li key={highlight.title} className={styles.highlight}>
              <h2 className={styles.highlightTitle}>
                <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={highlight.icon} />
                </svg>
                {highlight.title}
              </h2>
              <p className={styles.secondaryText}>{highlight.text}</p>
            </li>
          ))}
        </ul>
      </main>

      <footer className={styles.footer}>
        <div className={styles.container}>
          <Link to={paths.contactUs} className={styles.link}>
            {texts.contactUs}
          </Link>
        </div>
      </footer>

      <Suspense fallback={null}>
        {leadDialogOpen !== null && (
          <LeadDialog open={leadDialogOpen} onClose={() => setLeadDialogOpen(false)} />
        )}
      </Suspense>
    </div>
  );
}
