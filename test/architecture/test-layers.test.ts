import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '../..');

/** A name vitest would take for a test file (its default include), so a misnamed file is found too. */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return TEST_FILE.test(entry.name) ? [relative(ROOT, full)] : [];
  });
}

/** The test files in no project, and those in more than one with the projects that take them. */
export function layerProblems(files: readonly string[], members: ReadonlyMap<string, readonly string[]>) {
  const projectsOf = (file: string) => [...members].filter(([, taken]) => taken.includes(file)).map(([name]) => name);
  return {
    inNone: files.filter((f) => projectsOf(f).length === 0),
    inSeveral: files.map((f) => ({ file: f, projects: projectsOf(f) })).filter((f) => f.projects.length > 1),
  };
}

/** Each project's test files, as `vitest run` finds them from vitest.config.ts. */
async function projectMembers(): Promise<Map<string, string[]>> {
  const vitest = await createVitest('test', { root: ROOT, config: join(ROOT, 'vitest.config.ts'), watch: false });
  try {
    const members = new Map<string, string[]>(vitest.projects.map((p) => [p.name, []]));
    for (const spec of await vitest.globTestSpecifications()) members.get(spec.project.name)!.push(relative(ROOT, spec.moduleId));
    return members;
  } finally {
    await vitest.close();
  }
}

describe('test layers (the projects of vitest.config.ts, named in CONTRIBUTING.md)', () => {
  let members: Map<string, string[]>;
  beforeAll(async () => {
    members = await projectMembers();
  });

  it('are unit, cli, system and calibration, each with its files', () => {
    expect([...members.keys()]).toEqual(['unit', 'cli', 'system', 'calibration']);
    for (const [name, files] of members) expect(files.length, name).toBeGreaterThan(0);
    expect(members.get('cli')).toContain('test/cli/run.cli.test.ts');
  });

  it('take every test file in the repository exactly once', () => {
    expect(layerProblems(testFiles(ROOT), members)).toEqual({ inNone: [], inSeveral: [] });
  });

  it('would name a file in no project and a file in two (the check above can fail)', () => {
    const found = layerProblems(
      ['a.test.ts', 'b.cli.test.ts', 'c.spec.ts'],
      new Map([
        ['unit', ['a.test.ts', 'b.cli.test.ts']],
        ['cli', ['b.cli.test.ts']],
      ]),
    );
    expect(found).toEqual({ inNone: ['c.spec.ts'], inSeveral: [{ file: 'b.cli.test.ts', projects: ['unit', 'cli'] }] });
  });
});
