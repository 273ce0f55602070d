import { scrollBoxTexts as texts } from '@vaidya/contract/scroll-box-screens';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from './scroll-box.module.css';

/** Which sides of the box have content scrolled out of sight. */
interface HiddenSides {
  before: boolean;
  after: boolean;
}

const noneHidden: HiddenSides = { before: false, after: false };

/** A pixel of slack, as scroll positions may be fractional at some zoom levels. */
function hiddenSidesOf(box: HTMLElement): HiddenSides {
  return {
    before: box.scrollLeft > 1,
    after: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
  };
}

/**
 * A wide table's own sideways scroll, so the page never scrolls sideways on a phone: a
 * shadow at each edge with columns beyond it and a hint under the box while anything is
 * out of sight. The box is a named region (a labelled section) in the tab order, so a
 * keyboard can reach and scroll it (axe `scrollable-region-focusable`). Plain markup and
 * a CSS module: the public document pages, drawn without MUI, use it as the dashboard does.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const [hidden, setHidden] = useState(noneHidden);
  const measure = useCallback(() => {
    if (!box.current) return;
    const now = hiddenSidesOf(box.current);
    setHidden((was) => (was.before === now.before && was.after === now.after ? was : now));
  }, []);

  // After every render, as new rows may have widened the table, before the browser paints so the
  // hint never pushes what is below it; and whenever the window changes size.
  useLayoutEffect(measure);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  return (
    <div className={styles.scrollBox}>
      <div className={styles.frame} data-hidden-before={hidden.before} data-hidden-after={hidden.after}>
        <section
          ref={box}
          className={styles.box}
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard to be scrolled by it.
          tabIndex={0}
          onScroll={measure}
        >
          {children}
        </section>
      </div>
      {hidden.before || hidden.after ? <p className={styles.hint}>{texts.hint}</p> : null}
    </div>
  );
}
