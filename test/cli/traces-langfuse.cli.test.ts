import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';
import { LangfuseReceiver, refusingBaseUrl } from '../support/langfuse-receiver.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-langfuse-cli-'));
const db = join(dir, 'tdo.db');

/** The lab suite cut down to two tasks, so each CLI run is quick. */
function twoTaskSuite(): string {
  const suite = parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/suites/lab.yaml'), 'utf8')) as { tasks: Array<{ id: string }> };
  suite.tasks = suite.tasks.filter((t) => t.id === 'dinner-tip' || t.id === 'rent-split');
  const path = join(dir, 'lab-two.yaml');
  writeFileSync(path, stringify(suite));
  return path;
}

let receiver: LangfuseReceiver;
let env: Record<string, string>;
let suite: string;
beforeAll(async () => {
  receiver = await LangfuseReceiver.start();
  env = { LANGFUSE_PUBLIC_KEY: receiver.config.publicKey, LANGFUSE_SECRET_KEY: receiver.config.secretKey, LANGFUSE_BASE_URL: receiver.baseUrl };
  suite = twoTaskSuite();
});
afterAll(() => receiver.close());

describe('tdo with Langfuse', () => {
  let runId: string;

  it('tdo run sends the run and reports the delivery on stderr', async () => {
    const result = await tdo(['run', '--suite', suite, '--db', db, '--json'], env);
    expect(result.code).toBe(0);
    runId = (JSON.parse(result.stdout) as { run_id: string }).run_id;
    // 7 scores an episode: success, tool precision and recall, and lab's and labplus's first-choice and used-server shares
    expect(result.stderr).toMatch(/^langfuse: (\d+) spans delivered, 0 dropped; 14 scores delivered, 0 dropped$/m);
    const spans = Number(/langfuse: (\d+) spans delivered/.exec(result.stderr)![1]);
    expect(spans).toBe(receiver.observations.size);
    expect(new Set([...receiver.observations.values()].map((o) => o.sessionId))).toEqual(new Set([runId]));
  });

  it('tdo traces export --langfuse re-sends it without creating duplicates', async () => {
    const before = receiver.observations.size;
    const result = await tdo(['traces', 'export', '--langfuse', '--run', runId, '--db', db], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`run ${runId}: 2 episodes sent to ${receiver.baseUrl}`);
    expect(result.stderr).toContain(`langfuse: ${before} spans delivered, 0 dropped; 14 scores delivered, 0 dropped`);
    expect(receiver.observations.size).toBe(before);
  });

  it('tdo traces import --from langfuse brings the episodes into another store as an imported run', async () => {
    const other = join(dir, 'other.db');
    const result = await tdo(['traces', 'import', '--from', 'langfuse', '--session', runId, '--db', other], env);
    expect(result.code).toBe(0);
    const imported = new RegExp(`run ${runId} from \\S+ -> run (r-[0-9a-f]+) \\(imported\\): 2 episodes added`).exec(result.stdout);
    expect(imported).not.toBeNull();
    const list = await tdo(['traces', 'list', '--run', imported![1]!, '--db', other, '--json']);
    expect((JSON.parse(list.stdout) as Array<{ task_id: string }>).map((e) => e.task_id).sort()).toEqual(['dinner-tip', 'rent-split']);
  });

  it('a run with Langfuse down runs and records every episode, says what was dropped and how to send it later, and exits 3 (an outage)', async () => {
    const db = join(dir, 'down.db');
    const result = await tdo(['run', '--suite', suite, '--db', db, '--json'], { ...env, LANGFUSE_BASE_URL: await refusingBaseUrl() });
    expect(result.code, result.stderr).toBe(3);
    const { run_id: down, status, judged, episodes } = JSON.parse(result.stdout) as { run_id: string; status: string; judged: number; episodes: number };
    expect(status).toBe('completed');
    expect(judged).toBe(episodes);
    const listed = await tdo(['traces', 'list', '--run', down, '--db', db, '--json']);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(episodes);
    expect(result.stderr).toMatch(/langfuse: 0 spans delivered, [1-9]\d* dropped; 0 scores delivered, 14 dropped/);
    expect(result.stderr).toContain(`tdo traces export --langfuse --run ${down}`);
    const resent = await tdo(['traces', 'export', '--langfuse', '--run', down, '--db', db], { ...env, LANGFUSE_BASE_URL: await refusingBaseUrl() });
    expect(resent.code, resent.stderr).toBe(3);
    expect(resent.stderr).toMatch(/langfuse: 0 spans delivered, [1-9]\d* dropped/);
  });
});

describe('bad input', () => {
  it('names the missing variable when Langfuse is half configured, before running anything', async () => {
    const result = await tdo(['run', '--suite', suite, '--db', join(dir, 'half.db')], { LANGFUSE_PUBLIC_KEY: 'pk' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/LANGFUSE_SECRET_KEY, LANGFUSE_BASE_URL are not set/);
  });

  it('asks for a target, a query and a real date', async () => {
    expect((await tdo(['traces', 'export', '--db', db], env)).stderr).toMatch(/--langfuse/);
    const noQuery = await tdo(['traces', 'import', '--from', 'langfuse', '--db', db], env);
    expect([noQuery.code, noQuery.stderr]).toEqual([2, expect.stringMatching(/--session RUN_ID and\/or --since DATE/)]);
    const badDate = await tdo(['traces', 'import', '--from', 'langfuse', '--since', 'yesterday', '--db', db], env);
    expect([badDate.code, badDate.stderr]).toEqual([2, expect.stringMatching(/expected a date/)]);
    const unconfigured = await tdo(['traces', 'export', '--langfuse', '--db', db]);
    expect([unconfigured.code, unconfigured.stderr]).toEqual([2, expect.stringMatching(/Langfuse is not configured/)]);
  });

  it('reports a refused import (wrong keys) as an outage (exit 3), not a crash', async () => {
    const result = await tdo(['traces', 'import', '--from', 'langfuse', '--session', 'r-00000000', '--db', join(dir, 'x.db')], {
      ...env,
      LANGFUSE_SECRET_KEY: 'wrong',
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/could not read from Langfuse at http:\/\/127\.0\.0\.1:\d+/);
  });
});
