import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decisions 005 and 038: a feature imports no other feature. What two features share lives
 * in `src/components/` (UI) or `src/lib/` (the rest); only the app (router, layouts) and
 * the tests' helpers in `src/testing/` reach into several features. Tests count too.
 */

const featuresRoot = dirname(fileURLToPath(import.meta.url));
const features = readdirSync(featuresRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names: `import … from`, `export … from`, a bare `import '…'`, `import(…)`, `vi.mock(…)`, CSS `@import`. */
const moduleReference = /(?:\bfrom|\bimport|\bimport\(|\bvi\.mock\(|@import)\s*['"]([^'"]+)['"]/g;

/** The feature a module specifier written in `file` lands in, if any. */
function featureOf(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const target = relative(featuresRoot, resolve(dirname(file), specifier));
    return target.startsWith('..') ? undefined : target.split(sep)[0];
  }
  return specifier.match(/(?:^|\/)features\/([^/]+)/)?.[1];
}

function importsOfOtherFeatures(feature: string): string[] {
  return filesUnder(join(featuresRoot, feature)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(moduleReference)]
      .map((match) => match[1] ?? '')
      .filter((specifier) => {
        const target = featureOf(file, specifier);
        return target !== undefined && target !== feature;
      })
      .map((specifier) => `${relative(featuresRoot, file)} imports '${specifier}'`),
  );
}

describe('the web features', () => {
  it('are folders of their own', () => {
    expect(features.length).toBeGreaterThan(1);
  });

  it.each(features)('%s imports no other feature', (feature) => {
    expect(importsOfOtherFeatures(feature)).toEqual([]);
  });
});
