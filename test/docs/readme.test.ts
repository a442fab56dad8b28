// README.md is the page a newcomer reads first: what tdo is, install, the quick start, the commands, links. The rest
// lives in docs/, and this keeps it from growing back into a lab notebook.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/lab-runs.ts';

const README_MAX_LINES = 250;

describe('README.md', () => {
  it(`stays at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines, `README.md has ${lines} lines; move detail into docs/`).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
