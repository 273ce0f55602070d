import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const architecture = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');

/** The lines of the section that starts with `heading`, up to the next heading of any level. */
function section(heading: string): string {
  const start = architecture.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no "${heading}"`);
  const rest = architecture.slice(start + heading.length + 1);
  const next = rest.search(/^#{2,3} /m);
  return next < 0 ? rest : rest.slice(0, next);
}

const folders = (path: string) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe('docs/ARCHITECTURE.md', () => {
  it('lists every API module, and only those, in its module table', () => {
    const rows = section('### Modules')
      .split('\n')
      .map((line) => /^\| `([a-z-]+)`/.exec(line)?.[1])
      .filter((name) => name !== undefined);
    expect(rows.sort()).toEqual(folders('apps/api/src/modules'));
  });

  it('maps every web feature, and only those, in its web folders', () => {
    const named = [...section('### Web folders').matchAll(/`features\/([a-z-]+)`/g)].map((match) => match[1]);
    expect([...new Set(named)].sort()).toEqual(folders('apps/web/src/features'));
  });
});
