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
import { episodeRecorder } from '../../../traces/recording.ts';
import { runStore } from '../../../traces/runs.ts';
import * as schema from '../../../traces/schema.ts';

const MIGRATIONS = fileURLToPath(new URL('../../../traces/migrations', import.meta.url));
const THIS_MIGRATION = 4;
const SERVERS = ['lab', 'labplus'];

/** A store as the release before this migration left it: migrated up to the one before. */
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
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: folder, migrationsTable: '__drizzle_migrations' });
  return { path, sqlite, runs: runStore(db, path), recorder: episodeRecorder(sqlite, path) };
}

it('gives every episode an earlier tdo scored the choice scores a current one records, and nothing else', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-migration-'));
  const old = storeBefore(dir);
  const run = old.runs.createRun({
    suite: 'lab',
    suitePath: '/x/lab.yaml',
    agent: 'sim',
    split: 'test',
    repeats: 1,
    seed: 0,
    concurrency: 1,
    versionIds: { lab: 'lab-1', labplus: 'labplus-1' },
    config: {},
  });
  const callsArb = fc.array(fc.record({ server: fc.constantFrom('lab', 'labplus', ''), isError: fc.boolean() }), { maxLength: 7 });
  const sample: ChoiceCall[][] = [[], [{ server: 'lab', isError: true }], ...fc.sample(callsArb, { numRuns: 200, seed: 12 })];
  const episode = (repeat: number, calls: readonly ChoiceCall[]) => {
    const e = old.recorder.startEpisode({ runId: run.id, taskId: 't', split: 'test', repeat, seed: 0 });
    for (const c of calls) old.recorder.addToolStep(e.id, { ...c, tool: 'x', catalogueName: 'x', args: {}, resultText: 'r', latencyMs: 1 });
    return e.id;
  };
  const scored = sample.map((calls, i) => {
    const id = episode(i, calls);
    old.recorder.finishEpisode(id, { status: 'completed', answer: '1', success: i % 2 === 0, feedback: 'f', stop: 'done' });
    old.recorder.addScore(id, { name: 'success', value: i % 2 === 0 ? 1 : 0, comment: 'f' });
    old.recorder.addScore(id, { name: 'tool_recall', value: 0.5 });
    old.recorder.addScore(id, { name: 'selection', value: calls.some((c) => c.server === 'lab') ? 1 : 0, comment: 'lab was chosen.' });
    return { id, calls };
  });
  // never scored: an outage, a killed attempt and a proxy session
  const errored = episode(1000, [{ server: 'lab', isError: false }]);
  old.recorder.finishEpisode(errored, { status: 'error', answer: null, success: null, feedback: 'down', stop: 'error' });
  const running = episode(1001, [{ server: 'lab', isError: false }]);
  const proxied = episode(1002, [{ server: 'lab', isError: false }]);
  old.recorder.finishEpisode(proxied, { status: 'completed', answer: null, success: null, feedback: '', stop: 'recorded' });
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
