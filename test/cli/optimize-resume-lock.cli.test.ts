// `tdo optimize --resume RUN` takes the run's lock, as `tdo run --resume` does: two processes searching the
// same run would collide on its evaluations, and the refused one used to mark the other's run failed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimAgent } from '../../src/agents/sim/agent.ts';
import { optimize, type OptimizeSettings } from '../../optimizer/search/optimize.ts';
import { SimProposer } from '../../optimizer/proposers/sim/proposer.ts';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';
import { labSuite } from '../support/lab-runs.ts';
import { labSearchSettings } from '../support/search-settings.ts';

const settings: OptimizeSettings = labSearchSettings({ honestyGate: false });

/** An optimize run stopped part way (as Ctrl-C stops it), so `--resume` has work left. */
async function interruptedOptimizeRun(): Promise<{ db: string; runId: string }> {
  const db = join(mkdtempSync(join(tmpdir(), 'tdo-opt-lock-')), 'tdo.db');
  const store = openTraceStore(db);
  try {
    const stop = new AbortController();
    const report = await optimize({
      store,
      loaded: labSuite(),
      agent: new SimAgent(),
      proposer: new SimProposer(),
      settings,
      reportTest: false,
      signal: stop.signal,
      onProgress: (p) => (p.budgetUsed >= 20 ? stop.abort() : undefined),
    });
    expect(report.status).toBe('interrupted');
    return { db, runId: report.runId };
  } finally {
    store.close();
  }
}

describe('tdo optimize --resume: one process at a time per run', () => {
  it('refuses to resume an optimize run another process holds, naming the run and the lock, and leaves the run as it was', async () => {
    const { db, runId } = await interruptedOptimizeRun();
    const store = openTraceStore(db);
    const episodesBefore = store.listEpisodes({ runId, limit: 10_000 }).length;
    const lock = store.lockRun(runId);
    try {
      const refused = await tdo(['optimize', '--resume', runId, '--db', db]);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toContain(`tdo: trace store ${db}: run ${runId} is being run by another process (it holds ${db}.${runId}.lock)`);
      expect(store.getRun(runId)?.status).toBe('interrupted');
      expect(store.listEpisodes({ runId, limit: 10_000 })).toHaveLength(episodesBefore);
    } finally {
      lock.release();
    }
    // once the holder is gone the run resumes
    const resumed = await tdo(['optimize', '--resume', runId, '--db', db, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(store.getRun(runId)?.status).toBe('completed');
    store.close();
  }, 120_000);

  it('lets one of two simultaneous resumes search; the run ends completed, not failed', async () => {
    const { db, runId } = await interruptedOptimizeRun();

    const results = await Promise.all([tdo(['optimize', '--resume', runId, '--db', db, '--json']), tdo(['optimize', '--resume', runId, '--db', db, '--json'])]);

    const codes = results.map((r) => r.code).sort();
    expect(codes, results.map((r) => r.stderr).join('\n')).toEqual([0, 2]);
    // the other was refused while the first searched, or found it already completed
    expect(results.find((r) => r.code === 2)?.stderr).toMatch(/is being run by another process|already completed/);
    const store = openTraceStore(db);
    try {
      expect(store.getRun(runId)?.status).toBe('completed');
      expect(store.getOptimizerRun(runId)?.bestVersionId).toBe(JSON.parse(results.find((r) => r.code === 0)!.stdout).version_id);
    } finally {
      store.close();
    }
  }, 180_000);
});
