/**
 * What the web app's outer frame says (spec §2): the product's name, the loading and
 * error screens and the public pages' footer. The loading and error screens load with
 * every page, the landing page included, so this file stays a few plain strings: the
 * dashboard's words live in dashboard-screens.ts, and nothing here imports zod.
 */

/** The product's name, the one place it is written for the web app's screens. */
export const brandName = 'Vaidya';

/** The screens drawn before a page's code has arrived, or when it cannot arrive. */
export const loadingScreen = {
  /** The accessible name of the spinner shown while a page's data loads. */
  loading: 'Loading',
  /** The accessible name of the thin bar shown while the next page's code is fetched. */
  loadingPage: 'Loading page',
  routeErrorTitle: 'This page could not be loaded.',
  reload: 'Reload the page',
} as const;

/** The footer under every public page of the app shell. */
export const publicLayoutTexts = {
  contactUs: 'Contact us',
} as const;

/** The quiet status line under the public pages: is the API up, and on which database. */
export const serverStatusTexts = {
  checking: 'server: checking…',
  unreachable: 'server: unreachable',
  answered: (status: string, database: string) => `server: ${status} (${database})`,
} as const;
