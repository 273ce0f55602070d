/**
 * How the waiting list fills its rows. The TV has a fixed number of rows, sized in
 * viewport units so they fit every screen (tv-page.module.css); when more tokens wait
 * than there are rows, the last row says how many are not listed instead of a token.
 */

/** The rows of the waiting list, on every screen and in both orientations. */
export const waitingListRows = 5;

export interface WaitingList<Token> {
  /** The tokens listed, first in the queue first. */
  shown: Token[];
  /** How many wait after the listed ones; 0 when every token is listed. */
  more: number;
}

export function fillWaitingRows<Token>(waiting: readonly Token[], rows: number): WaitingList<Token> {
  if (waiting.length <= rows) return { shown: [...waiting], more: 0 };
  const listed = Math.max(rows - 1, 0);
  return { shown: waiting.slice(0, listed), more: waiting.length - listed };
}
