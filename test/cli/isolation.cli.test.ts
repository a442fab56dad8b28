// A stateful server isolated per episode through the commands a user runs: `tdo run` repeats, `tdo optimize` (its
// evaluator runs each task again and again) and `tdo experiment` all see a fresh server in every episode; bad
// isolation settings exit 2 naming what to fix. (Without isolation the same optimize scores the seed 0 on test: the
// train episode created the note first; test/src/host/isolation.system.test.ts shows that leak episode by episode.)
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { writeNotesSuite } from '../support/notes-suite.ts';

describe('tdo on a stateful server with ${EPISODE_DIR}', () => {
  it('run, optimize and experiment see a fresh server in every episode', { timeout: 180_000 }, async () => {
    const { path } = writeNotesSuite({ env: { NOTES_DIR: '${EPISODE_DIR}' } }, ['train', 'val', 'test']);
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-iso-cli-')), 'traces.db');

    const run = await tdo(['run', '--suite', path, '--split', 'val', '--repeat', '2', '--db', db, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed', episodes: 2, successes: 2, errors: 0 });

    const optimized = await tdo(['optimize', '--suite', path, '--server', 'notes', '--budget', '6', '--db', db, '--json']);
    expect(optimized.code, optimized.stderr).toBe(0);
    const report = JSON.parse(optimized.stdout) as { seed_version_id: string; seed: { val: { success_rate: number }; test: { success_rate: number } } };
    expect([report.seed.val.success_rate, report.seed.test.success_rate]).toEqual([1, 1]);

    const out = join(mkdtempSync(join(tmpdir(), 'tdo-iso-cli-')), 'report');
    const experiment = await tdo(['experiment', '--suite', path, '--version', report.seed_version_id, '--repeat', '2', '--db', db, '--out', out]);
    expect(experiment.code, experiment.stderr).toBe(0);
    const results = (
      JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { suites: Array<{ results: Array<{ success: { successes: number; n: number } }> }> }
    ).suites[0]!.results;
    expect(results.map((r) => r.success)).toMatchObject([{ successes: 2, n: 2 }]);
  });

  it('exits 2 naming what to fix for ${EPISODE_DIR} with isolation: run', async () => {
    const { path } = writeNotesSuite({ env: { NOTES_DIR: '${EPISODE_DIR}' }, isolation: 'run' });
    const run = await tdo(['run', '--suite', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('servers.0.isolation: ${EPISODE_DIR} is a new folder for each episode, so the server needs a fresh process per episode');
  });
});
