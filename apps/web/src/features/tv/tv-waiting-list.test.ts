import { describe, expect, it } from 'vitest';
import { fillWaitingRows } from './tv-waiting-list';

const tokens = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('the TV waiting list', () => {
  it('lists every token while they fit the rows', () => {
    expect(fillWaitingRows([], 5)).toEqual({ shown: [], more: 0 });
    expect(fillWaitingRows(tokens(4), 5)).toEqual({ shown: [1, 2, 3, 4], more: 0 });
    expect(fillWaitingRows(tokens(5), 5)).toEqual({ shown: [1, 2, 3, 4, 5], more: 0 });
  });

  it('gives the last row to "+N more" when more wait than there are rows', () => {
    expect(fillWaitingRows(tokens(6), 5)).toEqual({ shown: [1, 2, 3, 4], more: 2 });
    expect(fillWaitingRows(tokens(20), 5)).toEqual({ shown: [1, 2, 3, 4], more: 16 });
    expect(fillWaitingRows(tokens(3), 1)).toEqual({ shown: [], more: 3 });
  });
});
