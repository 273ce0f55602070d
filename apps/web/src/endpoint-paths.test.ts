import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractEndpoints } from '@vaidya/contract/endpoints';
import { describe, expect, it } from 'vitest';

/**
 * Decision 039: the web app calls an endpoint by its contract entry, never by a path of its
 * own. A string in the app's code that is an endpoint's path, or anything under `/api/`, is
 * a second definition of that endpoint. Tests and their helpers (`src/testing/`,
 * `*-testing.ts`) may name paths.
 */

const sourceRoot = dirname(fileURLToPath(import.meta.url));

function appFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : appFiles(path);
    return /\.tsx?$/.test(entry.name) && !/[.-]test(ing)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each endpoint's path as a pattern: a `:parameter` or a template's `${…}` stands for any segment. */
const endpointPaths = Object.values(contractEndpoints).map(
  (endpoint) => new RegExp(`^(?:/api)?${endpoint.path.replace(/:[A-Za-z_]+/g, '(?:[^/]+)')}/?(?:\\?.*)?$`),
);

/** The texts of the string and template literals in a file, comments and module names left out. */
function literalsOf(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/(\bfrom|\bimport\(?|\bvi\.mock\()\s*(['"])[^'"]*\2/g, '$1');
  return [...code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((match) =>
    (match[2] ?? '').replace(/\$\{[^}]*\}/g, 'x'),
  );
}

function endpointPathsIn(file: string): string[] {
  return literalsOf(readFileSync(file, 'utf8'))
    .filter((text) => text.includes('/api/') || endpointPaths.some((path) => path.test(text)))
    .map((text) => `${relative(sourceRoot, file)}: '${text}'`);
}

describe("the web app's code", () => {
  it('finds the contract endpoints to look for', () => {
    expect(endpointPaths.length).toBeGreaterThan(100);
    expect(endpointPaths.some((path) => path.test('/masters/add-complaint'))).toBe(true);
  });

  it('names no endpoint path: every call goes through its contract entry', () => {
    expect(appFiles(sourceRoot).flatMap(endpointPathsIn)).toEqual([]);
  });
});
