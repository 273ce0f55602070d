import { afterEach, describe, expect, it, vi } from 'vitest';

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
