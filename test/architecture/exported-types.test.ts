import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// One name per concept: two exported types of one name are two concepts a reader (and an editor's auto-import)
// cannot tell apart.

const ROOT = resolve(import.meta.dirname, '../..');
const SHIPPED = ['src', 'cli', 'optimizer', 'experiments', 'traces', 'servers'];

/** The files that export each type name (a type alias, interface, class or enum) more than once. */
export function sharedTypeNames(sources: ReadonlyMap<string, string>): Record<string, string[]> {
  const exporters = new Map<string, string[]>();
  for (const [file, source] of sources) {
    for (const [, name] of source.matchAll(/^export (?:declare )?(?:abstract )?(?:type|interface|class|enum) ([A-Za-z_$][\w$]*)/gm)) {
      exporters.set(name!, [...(exporters.get(name!) ?? []), file]);
    }
  }
  return Object.fromEntries([...exporters].filter(([, files]) => files.length > 1));
}

function shippedSources(): Map<string, string> {
  const files = SHIPPED.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts') && !path.includes('node_modules'))
      .map((path) => `${folder}/${path}`),
  );
  return new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
}

describe('exported types', () => {
  it('no two exported types of the shipped code share a name', () => {
    expect(sharedTypeNames(shippedSources())).toEqual({});
  });

  it('the check names both files of a shared name', () => {
    const sources = new Map([
      ['a.ts', 'export interface Check {}\nexport type Split = string;'],
      ['b.ts', 'export type Check = number;\nconst Split = 1;'],
    ]);
    expect(sharedTypeNames(sources)).toEqual({ Check: ['a.ts', 'b.ts'] });
  });
});
