// Migration 0004 gives episodes scored by an earlier tdo the choice scores a current one records, by the same
// rule: a store written before it must read as if its episodes had been recorded now.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { serverChoiceScores, type ChoiceCall } from '../../../src/run/server-choice.ts';
import { openTraceStore } from '../../../traces/index.ts';

const MIGRATIONS = fileURLToPath(new URL('../../../traces/migrations', import.meta.url));
const THIS_MIGRATION = 4;
const SERVERS = ['lab', 'labplus'];

/**
 * A store as the release before this migration left it: migrated up to the one before, and written with the SQL
 * that release's recorder ran (today's recorder writes columns added since).
 */
function storeBefore(dir: string) {
  const folder = join(dir, 'migrations');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  for (const e of journal.entries.filter((x) => x.idx >= THIS_MIGRATION)) rmSync(join(folder, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < THIS_MIGRATION);
  writeFileSync(journalFile, JSON.stringify(journal));
  const path = join(dir, 'old.db');
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF'); // a scratch file: no need to wait for the disk on every commit
  migrate(drizzle(sqlite), { migrationsFolder: folder, migrationsTable: '__drizzle_migrations' });
  let ids = 0;
  const now = '2026-11-01T00:00:00.000Z';
  const insert = (sql: string) => sqlite.prepare(sql);
  const run = insert(`INSERT INTO runs (id, created_at, status, suite_name, suite_path, agent_id, split, repeats, seed, concurrency, version_ids, config)
    VALUES (?, '${now}', 'running', 'lab', '/x/lab.yaml', 'sim', 'test', 1, 0, 1, ?, '{}')`);
  const episode = insert(
    `INSERT INTO episodes (id, run_id, task_id, split, repeat_index, seed, status, started_at) VALUES (?, ?, 't', 'test', ?, 0, 'running', '${now}')`,
  );
  const step = insert(`INSERT INTO steps (episode_id, seq, kind, started_at, latency_ms, server, tool, catalogue_name, arguments, result_text, is_error)
    VALUES (?, (SELECT COALESCE(MAX(seq) + 1, 0) FROM steps WHERE episode_id = ?), 'tool', '${now}', 1, ?, 'x', 'x', '{}', 'r', ?)`);
  const finish = insert(`UPDATE episodes SET status = ?, finished_at = '${now}', answer = ?, success = ?, feedback = ?, stop_reason = ? WHERE id = ?`);
  const score = insert('INSERT INTO scores (episode_id, name, value, comment) VALUES (?, ?, ?, ?)');
  return {
    path,
    sqlite,
    createRun(versionIds: Record<string, string>) {
      const id = `r-${ids++}`;
      run.run(id, JSON.stringify(versionIds));
      return id;
    },
    startEpisode(runId: string, repeat: number, calls: readonly ChoiceCall[]) {
      const id = `e-${ids++}`;
      episode.run(id, runId, repeat);
      for (const c of calls) step.run(id, id, c.server, c.isError ? 1 : 0);
      return id;
    },
    finishEpisode(id: string, status: 'completed' | 'error', success: boolean | null, stop: string) {
      finish.run(status, status === 'error' ? null : '1', success === null ? null : success ? 1 : 0, 'f', stop, id);
    },
    addScore(id: string, name: string, value: number, comment: string | null = null) {
      score.run(id, name, value, comment);
    },
  };
}

it('gives every episode an earlier tdo scored the choice scores a current one records, and nothing else', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-migration-'));
  const old = storeBefore(dir);
  const run = old.createRun({ lab: 'lab-1', labplus: 'labplus-1' });
  const callsArb = fc.array(fc.record({ server: fc.constantFrom('lab', 'labplus', ''), isError: fc.boolean() }), { maxLength: 7 });
  const sample: ChoiceCall[][] = [[], [{ server: 'lab', isError: true }], ...fc.sample(callsArb, { numRuns: 200, seed: 12 })];
  const scored = sample.map((calls, i) => {
    const id = old.startEpisode(run, i, calls);
    old.finishEpisode(id, 'completed', i % 2 === 0, 'done');
    old.addScore(id, 'success', i % 2 === 0 ? 1 : 0, 'f');
    old.addScore(id, 'tool_recall', 0.5);
    old.addScore(id, 'selection', calls.some((c) => c.server === 'lab') ? 1 : 0, 'lab was chosen.');
    return { id, calls };
  });
  // never scored: an outage, a killed attempt and a proxy session
  const errored = old.startEpisode(run, 1000, [{ server: 'lab', isError: false }]);
  old.finishEpisode(errored, 'error', null, 'error');
  const running = old.startEpisode(run, 1001, [{ server: 'lab', isError: false }]);
  const proxied = old.startEpisode(run, 1002, [{ server: 'lab', isError: false }]);
  old.finishEpisode(proxied, 'completed', null, 'recorded');
  old.sqlite.close();

  const store = openTraceStore(old.path);
  try {
    const scores = (id: string) => Object.fromEntries(store.getTrajectory(id)!.scores.map((s) => [s.name, { value: s.value, comment: s.comment }]));
    for (const { id, calls } of scored) {
      const now = Object.fromEntries(serverChoiceScores(SERVERS, calls).map((s) => [s.name, { value: s.value, comment: s.comment ?? null }]));
      // the same values to the last bit, the same comments; `selection` is gone, the other scores kept
      expect(scores(id)).toEqual({ success: expect.anything(), tool_recall: { value: 0.5, comment: null }, ...now });
    }
    for (const id of [errored, running, proxied]) expect(scores(id)).toEqual({});
  } finally {
    store.close();
  }
  // opening again changes nothing
  const again = openTraceStore(old.path);
  try {
    expect(again.getTrajectory(scored[5]!.id)!.scores).toHaveLength(2 + 2 * SERVERS.length);
  } finally {
    again.close();
  }
});
