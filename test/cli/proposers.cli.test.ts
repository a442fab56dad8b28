// `--proposer llm` end to end: a proposer whose endpoint fails is an outage of the search (exit 3, the cause, the
// resume command, the run failed), never "no candidate beat the seed"; a resume once the endpoint is back finishes
// the search. The agent is the sim, so the only model calls are the proposer's.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStatus, tdo } from '../support/cli.ts';
import { finalAnswer, httpStatus, startOpenAiDouble, type OpenAiDouble } from '../support/openai-double.ts';

let dir: string;
/** The URL of an endpoint that was started and closed: nothing listens there. */
let deadURL: string;
/** Answers 503 (Retry-After 0, so the retries take no time) until `back` is set, then proposes a description. */
let flaky: OpenAiDouble;
let back = false;
const endpoint = (baseURL: string) => ({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'k' });
const search = (db: string, ...extra: string[]) => ['optimize', '--suite', 'lab', '--server', 'lab', '--budget', '40', '--db', db, ...extra];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-proposer-'));
  const dead = await startOpenAiDouble(() => finalAnswer('unused'));
  deadURL = dead.baseURL;
  await dead.close();
  flaky = await startOpenAiDouble(() =>
    back ? finalAnswer('```\nEvaluate an arithmetic expression such as 3 * (4 + 5), for sums, tips and shares.\n```') : httpStatus(503, { retryAfter: '0' }),
  );
});

afterAll(async () => {
  await flaky.close();
});

describe('tdo optimize --proposer llm when the proposer fails', () => {
  it('against a dead endpoint exits 3 with the cause and the resume command, and the run is failed, not completed', { timeout: 120_000 }, async () => {
    const db = join(dir, 'dead.db');
    const r = await tdo(search(db, '--proposer', 'llm', '--model', 'reflector', '--json'), endpoint(deadURL));
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(
      /tdo: the proposer llm:reflector failed \(an outage, not a result\) on \w+ at iteration \d+: Cannot reach the model endpoint http:\/\/127\.0\.0\.1:\d+\/v1: .*ECONNREFUSED/,
    );
    const runId = /continue it with `tdo optimize --resume (r-[0-9a-f]+) --db /.exec(r.stderr)?.[1];
    expect(runId, r.stderr).toBeDefined();
    expect(r.stderr).toContain(`continue it with \`tdo optimize --resume ${runId} --db ${db}\`, which asks the proposer again`);
    // no report: an outage is not a result
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/no candidate beat the seed/);
    expect(runStatus(db, runId!)).toBe('failed');
  });

  it('on 5xx after the retries exits 3 the same way, and a resume once the endpoint is back completes', { timeout: 180_000 }, async () => {
    const db = join(dir, 'flaky.db');
    back = false;
    const failed = await tdo(search(db, '--proposer', 'llm', '--model', 'reflector'), endpoint(flaky.baseURL));
    expect(failed.code, failed.stderr).toBe(3);
    expect(failed.stderr).toMatch(/the proposer llm:reflector failed \(an outage, not a result\) .*answered HTTP 503 .*\(after 3 retries\)/);
    const runId = /tdo optimize --resume (r-[0-9a-f]+)/.exec(failed.stderr)![1]!;
    expect(runStatus(db, runId)).toBe('failed');
    // one proposal asked for, four times (the first attempt and three retries), then the search stopped
    expect(flaky.requests.map((q) => q.reply.status)).toEqual([503, 503, 503, 503]);

    back = true;
    const resumed = await tdo(['optimize', '--resume', runId, '--db', db, '--json'], endpoint(flaky.baseURL));
    expect(resumed.code, resumed.stderr).toBe(0);
    const report = JSON.parse(resumed.stdout) as { run_id: string; status: string; proposer: string; proposals: { made: number } };
    expect(report).toMatchObject({ run_id: runId, status: 'completed', proposer: 'llm:reflector' });
    expect(report.proposals.made).toBeGreaterThan(0);
    expect(runStatus(db, runId)).toBe('completed');
    // --model was the proposer's model: the sim agent makes no model calls
    const models = new Set(flaky.requests.map((q) => (q.body as { model: string }).model));
    expect([...models]).toEqual(['reflector']);
  });

  it('refuses --model that neither the agent nor the proposer uses, before a database is made', async () => {
    const db = join(dir, 'unused-model.db');
    const r = await tdo(search(db, '--model', 'reflector'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--model names the model of --agent llm and of --proposer llm .*here the agent is sim and the proposer sim: drop --model/);
    const own = await tdo(search(db, '--proposer', 'llm', '--proposer-model', 'own', '--model', 'reflector'));
    expect(own.code).toBe(2);
    expect(own.stderr).toMatch(/the proposer has --proposer-model: drop --model/);
    expect(existsSync(db)).toBe(false);
  });
});
