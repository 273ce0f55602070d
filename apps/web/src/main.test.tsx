import { bookingsScreen } from '@vaidya/contract/page-intros';
import { isValidElement } from 'react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const render = vi.hoisted(() => vi.fn());
vi.mock('react-dom/client', () => ({ createRoot: () => ({ render }) }));

describe('starting the web app', () => {
  const realFunction = globalThis.Function;
  afterEach(() => {
    globalThis.Function = realFunction;
  });

  it('never turns strings into code with zod: no eval probe while booting, no compiled parsers after', async () => {
    // Every `Function(...)` / `new Function(...)` the page makes: each is an eval the content security policy reports.
    const evals: string[][] = [];
    globalThis.Function = new Proxy(realFunction, {
      apply: (target, self, args: string[]) => {
        evals.push(args);
        return Reflect.apply(target, self, args);
      },
      construct: (target, args: string[], newTarget) => {
        evals.push(args);
        return Reflect.construct(target, args, newTarget);
      },
    });
    document.body.innerHTML = '<div id="root"></div>';

    await import('./main');
    expect(render).toHaveBeenCalledOnce();

    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const visit = z.object({
      patientName: z.string(),
      tokenNumber: z.number().int(),
      fee: z.number().optional(),
    });
    expect(visit.parse({ patientName: 'Asha', tokenNumber: 4 })).toEqual({
      patientName: 'Asha',
      tokenNumber: 4,
    });
    expect(visit.safeParse({ patientName: 'Asha' }).success).toBe(false);

    expect(evals).toEqual([]);
  });
});

/** Stands in for the browser's paint timing: `paint()` reports the first contentful paint. */
function fakePaintTiming() {
  const observers: PerformanceObserverCallback[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['paint'];
      constructor(callback: PerformanceObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    paint: () => {
      const entries = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) };
      for (const callback of observers)
        callback(entries as PerformanceObserverEntryList, {} as PerformanceObserver);
    },
  };
}

/** What each `root.render` was given: the arrival screen (with the page's intro), or the router. */
function drawn(): string[] {
  return render.mock.calls.map(([element]) => {
    if (!isValidElement<{ intro?: { title: string }; children?: unknown }>(element)) return 'nothing';
    if (element.props.intro) return `arrival: ${element.props.intro.title}`;
    const child = element.props.children;
    return isValidElement(child) && child.type === RouterProvider ? 'router' : 'something else';
  });
}

describe('opening a dashboard page that introduces itself', () => {
  beforeEach(() => {
    vi.resetModules();
    render.mockClear();
    document.body.innerHTML = '<div id="root"></div>';
    window.history.replaceState(null, '', '/dashboard/bookings');
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('draws its heading and line first, and starts the router once the browser has painted them', async () => {
    const timing = fakePaintTiming();

    await import('./main');
    expect(drawn()).toEqual([`arrival: ${bookingsScreen.title}`]);

    timing.paint();
    expect(drawn()).toEqual([`arrival: ${bookingsScreen.title}`, 'router']);
    timing.paint();
    expect(drawn()).toHaveLength(2);
  });

  it('still starts the router when the paint is never reported', async () => {
    vi.useFakeTimers();
    fakePaintTiming();

    await import('./main');
    vi.advanceTimersByTime(249);
    expect(drawn()).toEqual([`arrival: ${bookingsScreen.title}`]);
    vi.advanceTimersByTime(1);
    expect(drawn()).toEqual([`arrival: ${bookingsScreen.title}`, 'router']);
  });

  it('starts the router at once in a tab opened in the background, which paints nothing', async () => {
    fakePaintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');

    await import('./main');
    expect(drawn()).toEqual([`arrival: ${bookingsScreen.title}`, 'router']);
  });
});
