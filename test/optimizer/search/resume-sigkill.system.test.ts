// `tdo optimize` killed with SIGKILL and resumed must end exactly where an uninterrupted run ends,
// without running again the episodes that had finished, each of which has its target score.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it, onTestFinished } from 'vitest';
import { tdo } from '../../support/cli.ts';
import { REPO_ROOT, TDO_BIN } from '../../support/lab-runs.ts';

const SEARCH = ['optimize', '--suite', 'lab', '--server', 'lab', '--budget', '60', '--seed', '3', '--json'];
const EPISODES_BEFORE_KILL = 30;

function count(db: string, sql: string): number {
  try {
    const sqlite = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return Number(sqlite.prepare(sql).pluck().get() ?? 0);
    } finally {
      sqlite.close();
    }
  } catch {
    return 0; // not created or not migrated yet
  }
}

/**
 * The parts of the report that describe the search's outcome: the run id differs by design, and the estimate is
 * made before a new search starts, so a resume has none (checked on its own).
 */
function outcome(stdout: string) {
  const { run_id: _runId, db: _db, estimate: _estimate, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
  return rest;
}

// One mutation at a time, and three at once (whose episodes, proposals and validations overlap when killed).
it.each([[[]], [['--parallel-iterations', '3']]])(
  'resumes a SIGKILLed optimize run without redoing finished evaluations and ends with identical results (%j)',
  { timeout: 120_000 },
  async (extra: string[]) => {
    const ARGS = [...SEARCH, ...extra];
    const dir = mkdtempSync(join(tmpdir(), 'tdo-opt-resume-'));
    const reference = await tdo([...ARGS, '--db', join(dir, 'reference.db')]);
    expect(reference.code, reference.stderr).toBe(0);

    const db = join(dir, 'killed.db');
    const child = spawn(process.execPath, [TDO_BIN, ...ARGS, '--db', db], {
      cwd: REPO_ROOT,
      env: { ...process.env, OPENAI_BASE_URL: undefined, TDO_DB: undefined },
    });
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    while (count(db, "SELECT COUNT(*) FROM episodes WHERE status != 'running'") < EPISODES_BEFORE_KILL) {
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const runId = new Database(db, { readonly: true }).prepare('SELECT run_id FROM optimizer_runs').pluck().get() as string;
    const finished = (path: string) =>
      new Map(
        (
          new Database(path, { readonly: true }).prepare("SELECT id, finished_at FROM episodes WHERE status != 'running'").all() as Array<{
            id: string;
            finished_at: string;
          }>
        ).map((r) => [r.id, r.finished_at]),
      );
    const before = finished(db);
    expect(count(db, `SELECT COUNT(*) FROM runs WHERE id = '${runId}' AND status = 'running'`)).toBe(1);
    // Every episode finished before the kill has its target score, committed with it (resume skips finished episodes).
    expect(count(db, "SELECT COUNT(*) FROM episodes WHERE status = 'completed'")).toBeGreaterThanOrEqual(EPISODES_BEFORE_KILL);
    const unscored =
      "SELECT COUNT(*) FROM episodes AS e WHERE e.status = 'completed' AND NOT EXISTS (SELECT 1 FROM scores AS s WHERE s.episode_id = e.id AND s.name = 'optimizer_success')";
    expect(count(db, unscored)).toBe(0);

    const resumed = await tdo(['optimize', '--resume', runId, '--json', '--db', db]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(outcome(resumed.stdout)).toEqual(outcome(reference.stdout));
    expect(JSON.parse(reference.stdout).estimate).toMatchObject({ episodes: expect.any(Number) as number, calls: 0 });
    expect(JSON.parse(resumed.stdout).estimate).toBeNull();
    expect(JSON.parse(resumed.stdout).run_id).toBe(runId);

    // The episodes finished before the kill were kept, not run again: same rows, and the totals match the reference.
    const after = finished(db);
    for (const [id, at] of before) expect(after.get(id)).toBe(at);
    const total = (path: string) => count(path, 'SELECT COUNT(*) FROM episodes');
    expect(total(db)).toBe(total(join(dir, 'reference.db')));
    expect(count(db, `SELECT COUNT(*) FROM runs WHERE id = '${runId}' AND status = 'completed'`)).toBe(1);

    // A completed run cannot be resumed again.
    const again = await tdo(['optimize', '--resume', runId, '--db', db]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already completed/);
  },
);
