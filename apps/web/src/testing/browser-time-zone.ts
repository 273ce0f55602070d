import { afterAll, beforeAll } from 'vitest';

/**
 * Puts the browser (jsdom, in this Node process) in `timeZone` for the tests of the
 * enclosing `describe`, as a receptionist's laptop set to another zone would be: Node
 * follows a change of `process.env.TZ` at once, for `Date` and `Intl` alike.
 */
export function browserInTimeZone(timeZone: string) {
  let zoneBefore: string | undefined;
  beforeAll(() => {
    zoneBefore = process.env.TZ;
    process.env.TZ = timeZone;
  });
  afterAll(() => {
    if (zoneBefore === undefined) Reflect.deleteProperty(process.env, 'TZ');
    else process.env.TZ = zoneBefore;
  });
}
