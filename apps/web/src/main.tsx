import './app/zod-without-eval';
import './app/base.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ArrivalScreen, introAt } from './app/page-loading';
import { routes } from './app/router';

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);

function startRouter() {
  root.render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}

/**
 * Runs `start` once the browser has shown the screen now in the DOM: when it reports the
 * first contentful paint (a screen replaced before then is not counted as shown, and a
 * phone's first second is spent on it), or after the next frame where paints are not
 * reported; at once in a hidden tab, which paints nothing; and after a quarter second
 * whatever happens.
 */
function afterFirstContentfulPaint(start: () => void) {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  if (document.visibilityState === 'hidden') return once();
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once));
  }
  document.addEventListener('visibilitychange', once, { once: true });
  setTimeout(once, 250);
}

// A dashboard page that introduces itself is drawn in its frame first, and only then does
// the router ask for the page's code and data: the heading is on screen while the rest
// arrives, rather than waiting for it (decision 035).
const intro = introAt(routes, window.location.pathname);
if (intro) {
  flushSync(() => root.render(<ArrivalScreen intro={intro} />));
  afterFirstContentfulPaint(startRouter);
} else {
  startRouter();
}
