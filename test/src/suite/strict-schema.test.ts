import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../../experiments/shipped/suites/shipped.ts';
import { SUITE_KEYS, suiteJsonSchema } from '../../../src/suite/schema.ts';

const SUITES_DOC = readFileSync(new URL('../../../docs/suites.md', import.meta.url), 'utf8');

function suiteWith(check: Record<string, unknown>, server: Record<string, unknown> = { name: 'calc', command: 'node', args: ['x.js'] }): string {
  const file = join(mkdtempSync(join(tmpdir(), 'tdo-suite-')), 'suite.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: 'x',
      systemPrompt: 'Help.',
      servers: [server],
      tasks: [{ id: 't', split: 'val', prompt: 'p', plan: [{ intent: 'add', tools: ['add'] }], check }],
    }),
  );
  return file;
}

describe('the suite format', () => {
  it('refuses an unknown key, naming it, with the key it was probably meant to be', () => {
    const file = suiteWith({ kind: 'answer', expected: 1, tolerence: 0.01 }, { name: 'calc', command: 'node', argz: ['x.js'] });
    const error = (() => {
      try {
        loadSuite(file);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ kind: 'input' });
    expect((error as Error).message).toContain('tasks.0.check: Unrecognized key: "tolerence" (did you mean "tolerance" for "tolerence"?)');
    expect((error as Error).message).toContain('servers.0: Unrecognized key: "argz" (did you mean "args" for "argz"?)');
  });

  it('suggests nothing for a key that is no slip of a known one', () => {
    expect(() => loadSuite(suiteWith({ kind: 'answer', expected: 1, banana: 2 }))).toThrow(/Unrecognized key: "banana"$/m);
  });

  it('ships its JSON Schema, generated from the zod schema (regenerate: node bin/tdo.js config suite-schema > src/suite/suite.schema.json)', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../../src/suite/suite.schema.json', import.meta.url), 'utf8')) as unknown;
    expect(shipped).toEqual(suiteJsonSchema());
  });

  it('names the schema in every shipped suite, and every shipped suite loads', () => {
    for (const name of [
      'lab',
      'market',
      'filesystem',
      'filesystem-selection',
      'taskmanager-selection',
      'sqlite-selection',
      'filesystem-edit-selection',
      'git-selection',
      'playwright-selection',
      'ohno-selection',
      'docker-selection',
    ]) {
      const text = readFileSync(new URL(`../../../experiments/shipped/suites/${name}.yaml`, import.meta.url), 'utf8');
      expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../src/suite/suite.schema.json');
      expect(loadSuite(name, { shippedSuites: SHIPPED_SUITES_DIR }).suite.name).toBe(name);
    }
  });

  it('documents every key in the suite file reference (docs/suites.md)', () => {
    const reference = SUITES_DOC.slice(SUITES_DOC.indexOf('**Suite file reference.**'), SUITES_DOC.indexOf('**The lab suite**'));
    const missing = SUITE_KEYS.filter((k) => !reference.includes(`\`${k}\``));
    expect(missing).toEqual([]);
  });
});
