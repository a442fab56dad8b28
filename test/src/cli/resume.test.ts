import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openTraceStore, type TraceStore } from '../../../traces/index.ts';
import { loadSuite } from '../../../src/suite/load.ts';
import { tdo } from '../../support/cli.ts';
import { REPO_ROOT, TDO_BIN } from '../../support/lab-runs.ts';

function finishedEpisodes(store: TraceStore, runId: string) {
  return store.listEpisodes({ runId, limit: 10_000 }).filter((e) => e.status !== 'running');
}

describe('a run killed with SIGKILL', () => {
  it('keeps every completed step and resumes without redoing finished episodes', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-kill-')), 'tdo.db');
    const child = spawn(process.execPath, [TDO_BIN, 'run', '--suite', 'lab', '--split', 'all', '--concurrency', '1', '--db', db], { cwd: REPO_ROOT, stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

    // Wait until a few episodes are finished, then kill mid-run with no chance to clean up.
    const store = openTraceStore(db);
    let runId: string | undefined;
    for (let i = 0; i < 600; i++) {
      runId = store.listRuns(1)[0]?.id;
      if (runId && finishedEpisodes(store, runId).length >= 5) break;
      await sleep(50);
    }
    child.kill('SIGKILL');
    await exited;
    expect(runId).toBeDefined();

    const run = store.getRun(runId!)!;
    expect(run.status).toBe('running');
    const before = finishedEpisodes(store, run.id);
    expect(before.length).toBeGreaterThanOrEqual(5);
    const beforeTrajectories = before.map((e) => store.getTrajectory(e.id)!);
    const total = loadSuite('lab').suite.tasks.length;
    expect(before.length).toBeLessThan(total);
    for (const t of beforeTrajectories) {
      // every step that was committed is there, numbered without gaps, and the episode was scored
      expect(t.steps.map((s) => s.seq)).toEqual(t.steps.map((_, i) => i));
      expect(t.steps.some((s) => s.kind === 'tool')).toBe(true);
      expect(t.scores.some((s) => s.name === 'success')).toBe(true);
    }

    const resumed = await tdo(['run', '--resume', run.id, '--db', db, '--json']);
    expect(resumed.code).toBe(0);
    const out = JSON.parse(resumed.stdout);
    expect(out.run_id).toBe(run.id);
    expect(out.status).toBe('completed');
    expect(out.episodes).toBe(total);

    const after = store.listEpisodes({ runId: run.id, limit: 10_000 });
    expect(after).toHaveLength(total);
    expect(new Set(after.map((e) => `${e.taskId}#${e.repeatIndex}`)).size).toBe(total);
    expect(after.every((e) => e.status === 'completed')).toBe(true);
    // the episodes finished before the kill were kept as they were, not run again
    for (const t of beforeTrajectories) expect(store.getTrajectory(t.episode.id)).toEqual(t);
    expect(store.getRun(run.id)!.status).toBe('completed');

    const again = await tdo(['run', '--resume', run.id, '--db', db]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already completed/);
    store.close();
  });

  it('refuses --resume together with settings that belong to the run', async () => {
    const { code, stderr } = await tdo(['run', '--resume', 'r-whatever', '--split', 'val', '--db', join(mkdtempSync(join(tmpdir(), 'tdo-kill-')), 'x.db')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/drop --split/);
  });
});
