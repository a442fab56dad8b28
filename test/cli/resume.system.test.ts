import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openTraceStore, type TraceStore } from '../../traces/index.ts';
import { SimAgent } from '../../src/agents/sim/agent.ts';
import { runSuite, type RunOptions } from '../../src/run/run-suite.ts';
import { loadSuite } from '../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../experiments/shipped/suites/shipped.ts';
import { tdo } from '../support/cli.ts';
import { labSuite, REPO_ROOT, TDO_BIN } from '../support/lab-runs.ts';

function finishedEpisodes(store: TraceStore, runId: string) {
  return store.listEpisodes({ runId, limit: 10_000 }).filter((e) => e.status !== 'running');
}

describe('a run killed with SIGKILL', () => {
  it('keeps every completed step and resumes without redoing finished episodes', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-kill-')), 'tdo.db');
    const child = spawn(process.execPath, [TDO_BIN, 'run', '--suite', 'lab', '--split', 'all', '--concurrency', '1', '--db', db], {
      cwd: REPO_ROOT,
      stdio: 'ignore',
    });
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
    const total = loadSuite('lab', { shippedSuites: SHIPPED_SUITES_DIR }).suite.tasks.length;
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

/** A lab run interrupted after its first episode: the rest is left to resume. */
async function interruptedRun(split: RunOptions['split'], repeats: number): Promise<{ db: string; runId: string }> {
  const db = join(mkdtempSync(join(tmpdir(), 'tdo-lock-')), 'tdo.db');
  const store = openTraceStore(db);
  try {
    const stop = new AbortController();
    const options: RunOptions = { split, repeats, seed: 0, concurrency: 1, versionIds: [] };
    const report = await runSuite({
      store,
      loaded: labSuite(),
      agent: new SimAgent(),
      options,
      agentConfig: { kind: 'sim' },
      signal: stop.signal,
      onEpisode: () => stop.abort(),
    });
    expect(report.status).toBe('interrupted');
    return { db, runId: report.runId };
  } finally {
    store.close();
  }
}

describe('one process at a time per run', () => {
  it('refuses to resume a run another process is running, and leaves the run as it was', async () => {
    const { db, runId } = await interruptedRun('val', 1);
    const store = openTraceStore(db);
    const lock = store.lockRun(runId);
    try {
      const refused = await tdo(['run', '--resume', runId, '--db', db]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`^tdo: trace store ${db}: run ${runId} is being run by another process`));
      expect(store.getRun(runId)?.status).toBe('interrupted');
      expect(store.listEpisodes({ runId, limit: 10_000 })).toHaveLength(1);
    } finally {
      lock.release();
    }
    // once the holder is gone the run resumes
    const resumed = await tdo(['run', '--resume', runId, '--db', db, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(store.getRun(runId)?.status).toBe('completed');
    store.close();
  }, 120_000);

  // Both used to run the same episodes, crash on the second copy and mark the finished run failed.
  it('lets one of two simultaneous resumes run; the run ends completed, each episode once', async () => {
    // enough episodes left (every split, 3 repeats) that the two overlap
    const { db, runId } = await interruptedRun('all', 3);

    const results = await Promise.all([tdo(['run', '--resume', runId, '--db', db]), tdo(['run', '--resume', runId, '--db', db])]);

    const codes = results.map((r) => r.code).sort();
    expect(codes, results.map((r) => r.stderr).join('\n')).toEqual([0, 2]);
    // the other was refused while the first ran, or found it already completed
    expect(results.find((r) => r.code === 2)?.stderr).toMatch(/is being run by another process|already completed/);
    const store = openTraceStore(db);
    try {
      expect(store.getRun(runId)?.status).toBe('completed');
      const episodes = store.listEpisodes({ runId, limit: 10_000 });
      expect(episodes).toHaveLength(loadSuite('lab', { shippedSuites: SHIPPED_SUITES_DIR }).suite.tasks.length * 3);
      expect(episodes.every((e) => e.status === 'completed')).toBe(true);
    } finally {
      store.close();
    }
  }, 120_000);
});
