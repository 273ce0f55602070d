import { vi } from 'vitest';

const widthRule = /\((min|max)-width:\s*([\d.]+)px\)/g;

/** Whether a media query made of `min-width` and `max-width` terms (the theme's breakpoints) holds at `width`. */
function holdsAt(media: string, width: number): boolean {
  return [...media.matchAll(widthRule)].every(([, bound, pixels]) =>
    bound === 'min' ? width >= Number(pixels) : width <= Number(pixels),
  );
}

/**
 * Answers the theme's breakpoint queries (`useMediaQuery`) as a screen `width` px wide
 * would: jsdom lays nothing out and has no `matchMedia`. The test setup starts every test
 * on a 1280 px desktop; a test of the phone layout asks for 360.
 */
export function onAScreenOf(width: number) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: holdsAt(media, width),
    media,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
