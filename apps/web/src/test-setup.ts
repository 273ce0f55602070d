import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeEventSource } from './testing/fake-event-source';
import { onAScreenOf } from './testing/screen-width';

// jsdom lays nothing out and has no scrollIntoView; the master list calls it to bring a just-added row into view.
Element.prototype.scrollIntoView = () => {};

// jsdom has no EventSource; the bookings screen opens one for its live updates.
globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;

// Whole journeys (sign in, then the dashboard loads its lazy pages) run on a shared two-core machine,
// sometimes beside a second test run: a screen that takes seconds to come is slow, not missing.
configure({ asyncUtilTimeout: 10_000 });

// A desktop unless a test says otherwise: the layout and the lists read the width from the theme's breakpoints.
beforeEach(() => onAScreenOf(1280));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});
