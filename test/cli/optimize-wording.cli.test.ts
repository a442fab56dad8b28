// The optimize summary's split of the test tasks by wording (optimizer/search/report/wording-halves.ts): where the
// winner's test gain lies, on tasks worded close to the seed's descriptions or far from them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-optimize-wording-'));

interface Half {
  tasks: number;
  episodes: number;
  seed_successes: number;
  best_successes: number;
  change: { delta: number } | null;
}

describe('tdo optimize on lab', () => {
  it('splits the test tasks by their wording, the halves adding up to the test split', { timeout: 120_000 }, async () => {
    const db = join(dir, 'optimize.db');
    const json = await tdo(['optimize', '--suite', 'lab', '--server', 'lab', '--json', '--db', db]);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as {
      run_id: string;
      seed: { test: { successes: number; tasks: number } };
      best: { test: { successes: number } };
      wording_halves: { median_overlap: number; close: Half; far: Half; unmeasured: number };
    };
    const { close, far, unmeasured } = report.wording_halves;
    // every lab test task labels a lab tool and has content words
    expect(unmeasured).toBe(0);
    expect(close.tasks + far.tasks).toBe(report.seed.test.tasks);
    expect(close.seed_successes + far.seed_successes).toBe(report.seed.test.successes);
    expect(close.best_successes + far.best_successes).toBe(report.best.test.successes);
    expect(close.change!.delta).toBeCloseTo((close.best_successes - close.seed_successes) / close.episodes, 10);

    // the summary a person reads: after the held-out changes
    const text = await tdo(['optimize', '--suite', 'lab', '--server', 'lab', '--db', join(dir, 'text.db')]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      / {2}test by wording \(each request against the seed's descriptions of its tools, split at the median overlap of \d+\.\d%\): the closer half \(\d+ tasks\) /,
    );
    expect(text.stdout.indexOf('test by wording')).toBeGreaterThan(text.stdout.indexOf('best against seed'));
  });
});
