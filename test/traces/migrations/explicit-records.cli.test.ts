// Migration 0005 on a store the current release made: every run gets the kind it was made as and its settings in
// that kind's shape, optimizer episodes their evaluation, and nothing recorded is lost on the way; the readers and
// `tdo optimize --resume` then work on it.
//
// fixtures/release-1c42592.sql.gz is `sqlite3 tdo.db .dump` of a store written by tdo at commit 1c42592 (the
// release before this migration), from a clean checkout of it: `tdo run --suite lab --split val`, `tdo optimize
// --suite lab --budget 30`, `tdo optimize --suite lab --budget 60 --agents sim:qwen2-5-32b,sim:qwen2-5-0-5b`,
// `tdo experiment --suite lab --versions lab-1b40c652cf --repeat 1`, then a proxy session (two tool calls) through
// that release's SessionRecorder and two episodes through its Langfuse importEpisodes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTraceStore, runSettings, type RunKind } from '../../../traces/index.ts';
import { tdo } from '../../support/cli.ts';

const FIXTURE = new URL('./fixtures/release-1c42592.sql.gz', import.meta.url);
/**
 * Where the release's checkout stood when it made the store: its runs record the suite file under it, and a
 * resume reads the suite from there. The test points them at this checkout, as a user's store points at their
 * own suite file, so the resume reads this checkout's experiments/shipped/suites/lab.yaml.
 */
const RECORDED_ROOT = '/tmp/h7/release/';
const THIS_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What the release made each run as (its experiment's runs could not be told from `tdo run`'s then). */
const MADE_AS: Record<string, RunKind> = {
  'r-651cf7d4': 'suite',
  'r-47414e89': 'optimize',
  'r-022b6f8b': 'optimize',
  'r-be5fefc4': 'optimize',
  'r-741a396b': 'optimize',
  'r-2044a6a2': 'suite',
  'r-9774c7b6': 'suite',
  'r-93113384': 'proxy',
  'r-d9ddf31d': 'imported',
};
const KILLED_SEARCH = 'r-47414e89';
const SEVERAL_AGENTS = 'r-022b6f8b';

interface Before {
  config: Map<string, unknown>;
  searchSettings: Map<string, unknown>;
  episodes: Array<{ id: string; run_id: string; repeat_index: number }>;
  steps: Array<{ id: number; episode_id: string; seq: number }>;
  scores: Array<{ id: number; episode_id: string; name: string; value: number }>;
}

/** The release's store, with the last evaluation of one search lost as a kill before its episodes committed leaves it. */
function releaseStore(): { path: string; before: Before } {
  const path = join(mkdtempSync(join(tmpdir(), 'tdo-release-store-')), 'tdo.db');
  const sqlite = new Database(path);
  sqlite.exec(gunzipSync(readFileSync(FIXTURE)).toString('utf8').replaceAll(RECORDED_ROOT, THIS_ROOT));
  sqlite.pragma('foreign_keys = ON');
  const last = sqlite.prepare('SELECT MAX(ordinal) FROM optimizer_evaluations WHERE run_id = ?').pluck().get(KILLED_SEARCH) as number;
  sqlite.prepare('DELETE FROM episodes WHERE run_id = ? AND repeat_index = ?').run(KILLED_SEARCH, last);
  sqlite.prepare("UPDATE runs SET status = 'interrupted' WHERE id = ?").run(KILLED_SEARCH);
  const rows = <T>(sql: string) => sqlite.prepare(sql).all() as T[];
  const before: Before = {
    config: new Map(rows<{ id: string; config: string }>('SELECT id, config FROM runs').map((r) => [r.id, JSON.parse(r.config)])),
    searchSettings: new Map(
      rows<{ run_id: string; settings: string }>('SELECT run_id, settings FROM optimizer_runs').map((r) => [r.run_id, JSON.parse(r.settings)]),
    ),
    episodes: rows('SELECT id, run_id, repeat_index FROM episodes ORDER BY id'),
    steps: rows('SELECT id, episode_id, seq FROM steps ORDER BY id'),
    scores: rows('SELECT id, episode_id, name, value FROM scores ORDER BY id'),
  };
  sqlite.close();
  return { path, before };
}

describe('migration 0005 on a store of the release before it', () => {
  let path: string;
  let before: Before;
  beforeAll(() => {
    ({ path, before } = releaseStore());
    openTraceStore(path).close();
  });

  it('gives every run the kind it was made as, and settings its kind reads', () => {
    const store = openTraceStore(path);
    try {
      const runs = store.listRuns(Number.MAX_SAFE_INTEGER);
      expect(Object.fromEntries(runs.map((r) => [r.id, r.kind]))).toEqual(MADE_AS);
      for (const run of runs) expect(runSettings(run, run.kind), `${run.id} (${run.kind})`).toBeDefined();
      for (const run of runs.filter((r) => r.kind !== 'optimize')) expect(run.settings).toEqual(before.config.get(run.id));
    } finally {
      store.close();
    }
  });

  it("keeps an optimize run's settings once, as the search recorded them (the agents' runs included)", () => {
    const store = openTraceStore(path);
    try {
      for (const [runId, settings] of before.searchSettings) {
        const run = store.getRun(runId)!;
        expect(runSettings(run, 'optimize')).toEqual({ optimize: settings, conditions: (before.config.get(runId) as { conditions: unknown }).conditions });
        expect(store.getOptimizerRun(runId)).not.toHaveProperty('settings');
      }
      // the release stored the agents' run ids only beside the search, not in the run's own config
      expect((before.config.get(SEVERAL_AGENTS) as { optimize: object }).optimize).not.toHaveProperty('agentRuns');
      expect(runSettings(store.getRun(SEVERAL_AGENTS)!, 'optimize')?.optimize.agentRuns).toEqual(['r-be5fefc4', 'r-741a396b']);
    } finally {
      store.close();
    }
  });

  it('gives optimizer episodes their evaluation, and keeps every episode, step and score', () => {
    const sqlite = new Database(path, { readonly: true });
    try {
      const episodes = sqlite
        .prepare('SELECT e.id, e.run_id, e.repeat_index, e.evaluation, r.kind FROM episodes e JOIN runs r ON r.id = e.run_id ORDER BY e.id')
        .all() as Array<{
        id: string;
        run_id: string;
        repeat_index: number;
        evaluation: number | null;
        kind: RunKind;
      }>;
      expect(episodes.map(({ id, run_id, repeat_index }) => ({ id, run_id, repeat_index }))).toEqual(before.episodes);
      const optimizer = episodes.filter((e) => e.kind === 'optimize');
      expect(optimizer.length).toBeGreaterThan(100);
      for (const e of episodes) expect(e.evaluation, e.id).toBe(e.kind === 'optimize' ? e.repeat_index : null);
      expect(sqlite.prepare('SELECT id, episode_id, seq FROM steps ORDER BY id').all()).toEqual(before.steps);
      expect(sqlite.prepare('SELECT id, episode_id, name, value FROM scores ORDER BY id').all()).toEqual(before.scores);
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      const ddl = (name: string) => sqlite.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name) as string;
      expect(ddl('steps')).not.toMatch(/AUTOINCREMENT/);
      expect(ddl('scores')).not.toMatch(/AUTOINCREMENT/);
      expect(ddl('steps_tool_idx')).toMatch(/WHERE tool IS NOT NULL$/);
    } finally {
      sqlite.close();
    }
  });

  it('reads back through tdo traces list and tdo versions, and refuses to resume what tdo run did not make', async () => {
    const list = await tdo(['traces', 'list', '--db', path, '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toHaveLength(50);
    const versions = await tdo(['versions', '--db', path, '--json']);
    expect(versions.code, versions.stderr).toBe(0);
    expect(versions.stdout).toContain('lab-1b40c652cf');
    const optimize = await tdo(['run', '--resume', 'r-be5fefc4', '--db', path]);
    expect(optimize.code).toBe(2);
    expect(optimize.stderr).toMatch(/is an optimize run, not a suite run/);
    const imported = await tdo(['run', '--resume', 'r-d9ddf31d', '--db', path]);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toMatch(/imported from Langfuse \(run r-elsewhere at https:\/\/langfuse\.example\)/);
  });

  it('resumes the killed search: its lost evaluation runs again, recorded as that evaluation', async () => {
    const resumed = await tdo(['optimize', '--resume', KILLED_SEARCH, '--db', path, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const sqlite = new Database(path, { readonly: true });
    try {
      const last = sqlite.prepare('SELECT MAX(ordinal) FROM optimizer_evaluations WHERE run_id = ?').pluck().get(KILLED_SEARCH) as number;
      const rerun = sqlite
        .prepare("SELECT evaluation FROM episodes WHERE run_id = ? AND repeat_index = ? AND status = 'completed'")
        .pluck()
        .all(KILLED_SEARCH, last);
      expect(rerun.length).toBeGreaterThan(0);
      expect(new Set(rerun)).toEqual(new Set([last]));
      expect(sqlite.prepare('SELECT status FROM runs WHERE id = ?').pluck().get(KILLED_SEARCH)).toBe('completed');
    } finally {
      sqlite.close();
    }
  });
});
