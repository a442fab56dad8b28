import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../experiments/shipped/suites/shipped.ts';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

const WORKSPACE = join(REPO_ROOT, 'experiments/shipped/workspaces/filesystem');
const CATALOG = JSON.parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/catalogs/server-filesystem.json'), 'utf8')) as { tools: Array<{ name: string }> };
const FILESYSTEM_TOOLS = CATALOG.tools.map((t) => t.name);

/** A digest of every file under the shipped workspace, to prove runs leave it untouched. */
function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(d, entry.name);
      hash.update(relative(dir, full));
      if (entry.isDirectory()) walk(full);
      else hash.update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

const tempDb = () => join(mkdtempSync(join(tmpdir(), 'tdo-fs-suite-')), 'tdo.db');

describe('the filesystem suites (server-filesystem from npm)', () => {
  it('label only tools that server-filesystem really has, in every split', () => {
    for (const name of ['filesystem', 'filesystem-selection', 'filesystem-edit-selection']) {
      const { suite } = loadSuite(name, { shippedSuites: SHIPPED_SUITES_DIR });
      const labels = suite.tasks.flatMap((t) => t.plan.flatMap((s) => s.tools));
      expect(
        labels.filter((l) => !FILESYSTEM_TOOLS.includes(l)),
        name,
      ).toEqual([]);
      expect(new Set(suite.tasks.map((t) => t.split)), name).toEqual(new Set(['train', 'val', 'test']));
    }
  });

  it('runs end to end with the sim agent on a copy of the workspace, leaving the shipped files as they were', async () => {
    const before = folderDigest(WORKSPACE);
    const result = await tdo(['run', '--suite', 'filesystem', '--db', tempDb(), '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { simulated: boolean; episodes: number; successes: number; version_ids: Record<string, string> };
    expect(report).toMatchObject({ simulated: true, episodes: 12 });
    // Some tasks succeed through the real server (reads, listings, searches) and some fail on wrong picks.
    expect(report.successes).toBeGreaterThan(0);
    expect(report.successes).toBeLessThan(12);
    expect(Object.keys(report.version_ids)).toEqual(['filesystem']);
    expect(folderDigest(WORKSPACE)).toBe(before);
  });

  it('evaluates selection only through the catalogue server: one recorded, unexecuted call per task, scored on the choice', async () => {
    const db = tempDb();
    const result = await tdo(['run', '--suite', 'filesystem-selection', '--db', db, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ episodes: 9, tool_calls: 9 });
    const store = openTraceStore(db);
    for (const episode of store.listEpisodes({})) {
      const { steps, scores } = store.getTrajectory(episode.id)!;
      expect(episode.stopReason).toBe('tool_call');
      expect(steps.filter((s) => s.kind === 'tool').map((s) => s.output)).toEqual(['(not executed: selection-only task)']);
      const success = scores.find((s) => s.name === 'success')!.value;
      const task = loadSuite('filesystem-selection', { shippedSuites: SHIPPED_SUITES_DIR }).suite.tasks.find((t) => t.id === episode.taskId)!;
      expect(success).toBe(task.plan[0]!.tools.includes(steps.find((s) => s.kind === 'tool')!.tool!) ? 1 : 0);
    }
    store.close();
  });

  it('is optimized end to end by `tdo optimize`, which has never seen this server', async () => {
    const db = tempDb();
    const result = await tdo(['optimize', '--suite', 'filesystem', '--budget', '40', '--db', db, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      status: string;
      server: string;
      version_id: string;
      seed: { val: { score: number } };
      best: { val: { score: number } };
      simulated: boolean;
    };
    expect(report).toMatchObject({ status: 'completed', server: 'filesystem', simulated: true });
    expect(report.best.val.score).toBeGreaterThanOrEqual(report.seed.val.score);
    const store = openTraceStore(db);
    const version = store.getVersion(report.version_id);
    expect(version?.server).toBe('filesystem');
    expect(Object.keys(version!.descriptions).sort()).toEqual([...FILESYSTEM_TOOLS].sort());
    store.close();
  });
});
