import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lays nothing out and has no scrollIntoView; the master list calls it to bring a just-added row into view.
Element.prototype.scrollIntoView = () => {};

// Whole journeys (sign in, then the dashboard loads its lazy pages) run on a shared two-core machine.
configure({ asyncUtilTimeout: 3000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
