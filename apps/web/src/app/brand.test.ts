import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { brand } from './brand';

/** `textSecondary` is `--brand-text-secondary`. */
const cssVariable = (name: string) =>
  `--brand-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
const withoutSpacesAfterCommas = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value?.replace(/,\s+/g, ',')]));

it('gives the plain-CSS pages the same brand as the MUI theme', () => {
  const css = readFileSync(join(import.meta.dirname, 'base.css'), 'utf8');
  const declared = Object.fromEntries(
    [...css.matchAll(/(--brand-[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value?.trim()]),
  );
  const expected = Object.fromEntries(
    Object.entries(brand).map(([name, value]) => [cssVariable(name), value]),
  );

  expect(withoutSpacesAfterCommas(declared)).toEqual(withoutSpacesAfterCommas(expected));
});
