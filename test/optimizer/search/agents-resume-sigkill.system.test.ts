// A several-agent search (`--agents`) killed with SIGKILL and resumed must end exactly where an uninterrupted
// one ends: each agent's finished episodes are found again in that agent's own run and not run again.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it, onTestFinished } from 'vitest';
import { tdo } from '../../support/cli.ts';
import { REPO_ROOT, TDO_BIN } from '../../support/lab-runs.ts';

const ARGS = ['optimize', '--suite', 'lab', '--agents', 'sim:qwen2-5-32b,sim:qwen2-5-0-5b', '--objective', 'worst', '--budget', '80', '--seed', '3', '--json'];
const EPISODES_BEFORE_KILL = 50;

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

/** The search's outcome without what differs by design: the run ids, the database, and the estimate a resume does not make. */
function outcome(stdout: string) {
  const {
    run_id: _runId,
    db: _db,
    estimate: _estimate,
    per_agent: perAgent,
    ...rest
  } = JSON.parse(stdout) as Record<string, unknown> & { per_agent: { agents: Array<Record<string, unknown>> } };
  return { ...rest, per_agent: { ...perAgent, agents: perAgent.agents.map(({ run_id: _run, ...a }) => a) } };
}

/** Per agent (by agent id): its finished episodes' ids and finish times. */
function finished(db: string): Map<string, string> {
  const sqlite = new Database(db, { readonly: true });
  try {
    const rows = sqlite
      .prepare("SELECT r.agent_id || ' ' || e.id AS key, e.finished_at AS at FROM episodes e JOIN runs r ON r.id = e.run_id WHERE e.status != 'running'")
      .all() as Array<{ key: string; at: string }>;
    return new Map(rows.map((r) => [r.key, r.at]));
  } finally {
    sqlite.close();
  }
}

it('resumes a SIGKILLed several-agent search without redoing finished episodes and ends with identical results', { timeout: 300_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-opt-agents-resume-'));
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
  while (count(db, "SELECT COUNT(*) FROM episodes WHERE status != 'running'") < EPISODES_BEFORE_KILL) await new Promise((r) => setTimeout(r, 10));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  // the search's own run: the one that is no agent's run of another
  const sqlite = new Database(db, { readonly: true });
  const runId = sqlite
    .prepare("SELECT id FROM runs WHERE kind = 'optimize' AND json_extract(settings, '$.optimize.agentRunOf') IS NULL")
    .pluck()
    .get() as string;
  sqlite.close();
  expect(runId).not.toBe('');
  const before = finished(db);
  // both agents had finished episodes when it was killed
  expect(new Set([...before.keys()].map((k) => k.split(' ')[0])).size).toBe(2);

  const resumed = await tdo(['optimize', '--resume', runId, '--json', '--db', db]);
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(outcome(resumed.stdout)).toEqual(outcome(reference.stdout));
  expect(JSON.parse(resumed.stdout).estimate).toBeNull();

  const after = finished(db);
  for (const [key, at] of before) expect(after.get(key)).toBe(at);
  const total = (path: string) => count(path, 'SELECT COUNT(*) FROM episodes');
  expect(total(db)).toBe(total(join(dir, 'reference.db')));
  expect(count(db, "SELECT COUNT(*) FROM runs WHERE status != 'completed'")).toBe(0);
});
