import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { scrollBoxTexts } from '@vaidya/contract/scroll-box-screens';
import { describe, expect, it } from 'vitest';
import { ScrollBox } from './scroll-box';

function renderWideTable() {
  render(
    <>
      <button type="button">Before the table</button>
      <ScrollBox label="Medicines">
        <table>
          <tbody>
            <tr>
              <td>Amoxicillin 500</td>
              <td>Morning, Afternoon, Evening</td>
            </tr>
          </tbody>
        </table>
      </ScrollBox>
    </>,
  );
  return screen.getByRole('region', { name: 'Medicines' });
}

/** Lays the box out as a browser would (jsdom lays nothing out): `content` px wide in `visible` px, scrolled `scrolled` px. */
function layOut(box: HTMLElement, { content, visible, scrolled }: Record<string, number>) {
  for (const [property, value] of [
    ['scrollWidth', content],
    ['clientWidth', visible],
    ['scrollLeft', scrolled],
  ] as const) {
    Object.defineProperty(box, property, { configurable: true, value });
  }
}

/** The sides whose shadow shows: the frame around the box carries them for its CSS. */
const shadedSides = (box: HTMLElement) => ({
  before: box.parentElement?.dataset.hiddenBefore,
  after: box.parentElement?.dataset.hiddenAfter,
});

describe('a box that scrolls a wide table sideways', () => {
  it('is a region named after its table, which the keyboard reaches next', async () => {
    const box = renderWideTable();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Before the table' })).toHaveFocus();
    await userEvent.tab();
    expect(box).toHaveFocus();
    expect(box).toContainElement(screen.getByRole('table'));
  });

  it('shows no cue while the table fits', () => {
    const box = renderWideTable();
    layOut(box, { content: 320, visible: 320, scrolled: 0 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(shadedSides(box)).toEqual({ before: 'false', after: 'false' });
    expect(screen.queryByText(scrollBoxTexts.hint)).not.toBeInTheDocument();
  });

  it('hints under the box and shades each side with columns beyond it, following the scroll', () => {
    const box = renderWideTable();
    layOut(box, { content: 640, visible: 320, scrolled: 0 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(shadedSides(box)).toEqual({ before: 'false', after: 'true' });
    expect(screen.getByText(scrollBoxTexts.hint)).toBeVisible();

    layOut(box, { content: 640, visible: 320, scrolled: 160 });
    fireEvent.scroll(box);
    expect(shadedSides(box)).toEqual({ before: 'true', after: 'true' });

    layOut(box, { content: 640, visible: 320, scrolled: 320 });
    fireEvent.scroll(box);
    expect(shadedSides(box)).toEqual({ before: 'true', after: 'false' });
    expect(screen.getByText(scrollBoxTexts.hint)).toBeVisible();
  });
});
