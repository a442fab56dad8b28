// What `tdo optimize` tells a user to do next must run as printed, for a suite given as a file too.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

describe('after tdo optimize on a suite file', () => {
  it(
    'prints the seed and winner ids and next steps that each run as printed with exit 0; tdo versions marks the winner with its measured success',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tdo-next-'));
      const suite = join(dir, 'mylab.yaml');
      copyFileSync(join(REPO_ROOT, 'experiments/shipped/suites/lab.yaml'), suite);
      const db = join(dir, 'tdo.db');
      // the default budget, as the quick start runs it: at 150 calls the seed-0 search keeps the seed, and prints no diff
      const optimized = await tdo(['optimize', '--suite', suite, '--server', 'lab', '--db', db]);
      expect(optimized.code, optimized.stderr).toBe(0);
      const ids = /versions: seed (lab-[0-9a-f]+) -> best (lab-[0-9a-f]+)/.exec(optimized.stdout);
      expect(ids, optimized.stdout).not.toBeNull();
      const [, seed, best] = ids!;

      // before anything else runs them, diff and versions quote what the optimize run measured for both
      const diff = await tdo(['diff', seed!, best!, '--db', db]);
      expect(diff.stdout).toMatch(
        /A lab-[0-9a-f]+ .*\n\s+tokens \d+\s+lint flags \d+\s+success \d+\.\d% \[\d+%, \d+%\]\s+first-choice share \d+\.\d%\s+used server \d+\.\d%\s+\(optimize run r-[0-9a-f]+, lab\/test, 22 tasks/,
      );
      expect(diff.stdout).toMatch(
        /Δ .* success [+−±]\d+\.\d pts \[[+−±]\d+\.\d pts, [+−±]\d+\.\d pts\] {2}first-choice share [+−±]\d+\.\d pts {2}used server [+−±]\d+\.\d pts {2}\(both measured on lab\/test with sim\)/,
      );

      const steps = [...optimized.stdout.matchAll(/^ {2}`tdo ([^`]+)`/gm)].map((m) => m[1]!.split(' '));
      expect(steps.map((s) => s[0])).toEqual(['diff', 'experiment', 'run', 'traces']);
      expect(steps[1]).toEqual(['experiment', '--suite', suite, '--version', `${seed},${best}`, '--db', db]);
      for (const args of steps) {
        const r = await tdo(args);
        // an experiment exits 1 on a regression, which is a verdict, not a broken command; this winner beat the seed
        expect(r.code, `tdo ${args.join(' ')}: ${r.stderr}`).toBe(0);
      }

      const listed = JSON.parse((await tdo(['versions', '--db', db, '--json'])).stdout) as Array<{ id: string; best_of: string[]; measured: unknown }>;
      const winner = listed.find((v) => v.id === best)!;
      expect(winner.best_of).toHaveLength(1);
      const table = await tdo(['versions', '--db', db]);
      expect(table.stdout).toContain(`★ best of ${winner.best_of[0]}`);
    },
  );
});
