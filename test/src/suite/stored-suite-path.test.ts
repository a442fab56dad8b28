import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedSuitePath } from '../../../src/suite/stored-suite-path.ts';

describe('storedSuitePath', () => {
  const root = mkdtempSync(join(tmpdir(), 'tdo-stored-suite-'));
  const shippedSuites = join(root, 'experiments', 'shipped', 'suites');
  mkdirSync(shippedSuites, { recursive: true });
  writeFileSync(join(shippedSuites, 'lab.yaml'), 'name: lab\n');
  const refs = { shippedSuites };

  it('sends a run recorded before the shipped suites moved to the same file in the shipped folder', () => {
    expect(storedSuitePath(join(root, 'experiments', 'suites', 'lab.yaml'), refs)).toBe(join(shippedSuites, 'lab.yaml'));
  });

  it("keeps every other path as the run stored it: one that exists, a user's own suite, a shipped name the folder lacks", () => {
    const own = join(root, 'experiments', 'suites', 'mine.yaml');
    writeFileSync(join(root, 'mine.yaml'), 'name: mine\n');
    expect(storedSuitePath(join(root, 'mine.yaml'), refs)).toBe(join(root, 'mine.yaml'));
    expect(storedSuitePath(join(root, 'suites', 'lab.yaml'), refs)).toBe(join(root, 'suites', 'lab.yaml'));
    expect(storedSuitePath(own, refs)).toBe(own);
    expect(storedSuitePath(join(root, 'experiments', 'suites', 'lab.yaml'), {})).toBe(join(root, 'experiments', 'suites', 'lab.yaml'));
  });
});
