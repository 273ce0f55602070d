import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { patientSearchTexts as texts } from '@vaidya/contract/dashboard-screens';
import { lazy, Suspense, useEffect, useState } from 'react';

const PatientSearchDialog = lazy(() =>
  import('./patient-search-dialog').then((module) => ({ default: module.PatientSearchDialog })),
);

/** The shortcuts as `aria-keyshortcuts` names them, so assistive technology can announce them. */
const shortcuts = 'Control+K /';

/** Whether the key is typed into something (a field, a text area, an editable block), where "/" is a character. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl+K (⌘K on a Mac) from anywhere, as in most apps; "/" only when it would type nothing. */
function opensPatientSearch(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey) return false;
  // Shift is allowed for "/", which some keyboards type with it.
  if (event.key.toLowerCase() === 'k') return (event.ctrlKey || event.metaKey) && !event.shiftKey;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !typingIn(event.target);
}

/**
 * The app bar's way to any patient: a search-looking button on a wide screen, a search
 * icon on a phone, and the keyboard shortcuts on any screen of the dashboard. The dialog's
 * code is fetched the first time it opens, as most visits to a screen never search.
 */
export function PatientSearch({ compact }: { compact: boolean }) {
  const [dialog, setDialog] = useState<'never opened' | 'open' | 'closed'>('never opened');
  const show = () => setDialog('open');

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!opensPatientSearch(event)) return;
      event.preventDefault();
      setDialog('open');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {compact ? (
        <IconButton color="inherit" aria-label={texts.open} aria-keyshortcuts={shortcuts} onClick={show}>
          <SearchIcon />
        </IconButton>
      ) : (
        // Named by what it shows, the shortcut included, so speech and sight agree.
        <Button
          color="inherit"
          aria-keyshortcuts={shortcuts}
          startIcon={<SearchIcon />}
          onClick={show}
          sx={{
            mx: 2,
            minWidth: 260,
            justifyContent: 'flex-start',
            textTransform: 'none',
            fontWeight: 400,
            // Darker than the bar, never lighter: white text keeps its contrast.
            bgcolor: 'rgb(0 0 0 / 0.15)',
            '&:hover': { bgcolor: 'rgb(0 0 0 / 0.25)' },
          }}
        >
          <Box component="span" sx={{ flexGrow: 1, textAlign: 'start' }}>
            {texts.open}
          </Box>{' '}
          <Box
            component="kbd"
            sx={{
              fontFamily: 'inherit',
              fontSize: '0.75rem',
              px: 0.5,
              border: '1px solid rgb(255 255 255 / 0.6)',
              borderRadius: 0.5,
            }}
          >
            {texts.shortcut}
          </Box>
        </Button>
      )}
      {dialog === 'never opened' ? null : (
        <Suspense fallback={null}>
          <PatientSearchDialog open={dialog === 'open'} onClose={() => setDialog('closed')} />
        </Suspense>
      )}
    </>
  );
}
