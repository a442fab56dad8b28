import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';
import { finalAnswer, httpStatus, startOpenAiDouble, type OpenAiDouble } from '../support/openai-double.ts';

// An endpoint that refuses the key (401 is not retried) and one that answers: an outage, then the fix.
let refusing: OpenAiDouble;
let answering: OpenAiDouble;
/** Refuses every other request: each episode makes one call, so every other episode errors. */
let flaky: OpenAiDouble;
let dir: string;
const llm = (baseURL: string) => ({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'k' });

beforeAll(async () => {
  refusing = await startOpenAiDouble(() => httpStatus(401, { message: 'Incorrect API key provided' }));
  answering = await startOpenAiDouble(() => finalAnswer('I cannot tell.'));
  flaky = await startOpenAiDouble((_body, index) =>
    index % 2 === 0 ? httpStatus(401, { message: 'Incorrect API key provided' }) : finalAnswer('I cannot tell.'),
  );
  dir = mkdtempSync(join(tmpdir(), 'tdo-outage-'));
});

afterAll(async () => {
  await refusing.close();
  await answering.close();
  await flaky.close();
});

/** The lab's shipped descriptions imported as a version into a new store, then run by `tdo experiment` against the refusing endpoint. */
async function experimentAgainstRefusing(dbName: string, out: string, extra: string[]) {
  const db = join(dir, dbName);
  const seed = await tdo(['import', join(REPO_ROOT, 'servers/lab/descriptions.json'), '--server', 'lab', '--new-server', '--db', db, '--json']);
  expect(seed.code, seed.stderr).toBe(0);
  const seedId = (JSON.parse(seed.stdout) as { id: string }).id;
  const r = await tdo(
    ['experiment', '--suite', 'lab', '--versions', seedId, '--agent', 'llm', '--model', 'double-model', ...extra, '--db', db, '--out', out],
    llm(refusing.baseURL),
  );
  return { seedId, r };
}

describe('an outage is not a result', () => {
  it(
    'tdo run against a refusing endpoint stops early, exits 3 naming the cause, and a resume after the fix runs the errored episodes again',
    { timeout: 120_000 },
    async () => {
      const db = join(dir, 'run.db');
      const failed = await tdo(
        ['run', '--suite', 'lab', '--split', 'val', '--agent', 'llm', '--model', 'double-model', '--concurrency', '1', '--db', db, '--json'],
        llm(refusing.baseURL),
      );
      expect(failed.code, failed.stderr).toBe(3);
      expect(failed.stderr).toMatch(/1 of 1 episodes \(100\.0%\) errored, not judged\. Cause \(1\): .*401/);
      expect(failed.stderr).toMatch(/--max-error-rate allows 0\.0%/);
      const report = JSON.parse(failed.stdout) as {
        run_id: string;
        status: string;
        episodes: number;
        errors: number;
        judged: number;
        success_rate: number;
        error_causes: Array<{ cause: string; episodes: number }>;
      };
      // one episode, not the whole split: the run stopped at the first error
      expect(report).toMatchObject({ status: 'failed', episodes: 1, errors: 1, judged: 0 });
      expect(report.error_causes[0]!.cause).toMatch(/401/);
      // the database is not the default one, so the command to run names it
      expect(failed.stderr).toContain(`tdo run --resume ${report.run_id} --db ${db}\``);

      const resumed = await tdo(['run', '--resume', report.run_id, '--db', db, '--json'], llm(answering.baseURL));
      expect(resumed.code, resumed.stderr).toBe(0);
      const after = JSON.parse(resumed.stdout) as { status: string; episodes: number; errors: number; judged: number };
      expect(after.status).toBe('completed');
      expect(after.errors).toBe(0);
      expect(after.judged).toBe(after.episodes);
      const store = openTraceStore(db);
      try {
        expect(store.listEpisodes({ runId: report.run_id }).every((e) => e.status === 'completed')).toBe(true);
      } finally {
        store.close();
      }
    },
  );

  it('tdo run within --max-error-rate finishes, counts the errors apart and rates only judged episodes', { timeout: 120_000 }, async () => {
    const r = await tdo(
      [
        'run',
        '--suite',
        'lab',
        '--split',
        'val',
        '--agent',
        'llm',
        '--model',
        'double-model',
        '--concurrency',
        '1',
        '--max-error-rate',
        '0.6',
        '--db',
        join(dir, 'tolerant.db'),
        '--json',
      ],
      llm(flaky.baseURL),
    );
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { status: string; episodes: number; errors: number; judged: number; success_rate: number };
    expect(report.status).toBe('completed');
    expect(report.errors).toBe(Math.ceil(report.episodes / 2));
    expect(report.judged).toBe(report.episodes - report.errors);
    // "I cannot tell." solves no task: the rate is 0 over the judged episodes, the errored ones apart
    expect(report.success_rate).toBe(0);
  });

  it('tdo run in which every episode errored exits 3 whatever --max-error-rate allows: nothing was measured', { timeout: 120_000 }, async () => {
    const r = await tdo(
      ['run', '--suite', 'lab', '--split', 'val', '--agent', 'llm', '--model', 'double-model', '--max-error-rate', '1', '--db', join(dir, 'all-errored.db')],
      llm(refusing.baseURL),
    );
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toMatch(/\(completed\)/);
    expect(r.stdout).toMatch(/success – \(no judged episode\)/);
    expect(r.stdout).toMatch(/errors: (\d+) of \1 episodes \(100\.0%\) errored, not judged\. Cause \(\1\): .*401/);
    expect(r.stderr).toMatch(/No episode was judged, so nothing was measured\. Fix the cause, then run the errored episodes again with `tdo run --resume r-/);
    const runId = /tdo run --resume (r-[0-9a-f]+)/.exec(r.stderr)![1]!;
    const errored = await tdo(['traces', 'list', '--run', runId, '--errored', '--db', join(dir, 'all-errored.db'), '--json']);
    const rows = JSON.parse(errored.stdout) as Array<{ status: string; note: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => e.status === 'error' && /401/.test(e.note))).toBe(true);
    const failed = await tdo(['traces', 'list', '--run', runId, '--failed', '--db', join(dir, 'all-errored.db'), '--json']);
    expect(JSON.parse(failed.stdout)).toEqual([]); // an outage is not a failed task
    const both = await tdo(['traces', 'list', '--failed', '--errored', '--db', join(dir, 'all-errored.db')]);
    expect([both.code, both.stderr]).toEqual([2, expect.stringMatching(/--errored.*cannot be used with.*--failed/)]);
  });

  it('tdo run refuses a --max-error-rate outside 0..1', async () => {
    const r = await tdo(['run', '--suite', 'lab', '--max-error-rate', '1.5', '--db', join(dir, 'bad.db')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--max-error-rate.*number from 0 to 1/);
  });

  it('tdo experiment --agent llm against a refusing endpoint exits 3, says why, and its reports show no pass', { timeout: 180_000 }, async () => {
    const out = join(dir, 'experiment-report');
    const { seedId, r } = await experimentAgainstRefusing('experiment.db', out, []);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/No verdict: an outage, not a result\. .*errored, not judged\. Cause \(\d+\): .*401/);
    expect(r.stdout).not.toMatch(/No regression/);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { verdict: string; outages: Array<{ version: string; errors: number }> };
    expect(report.verdict).toBe('error');
    expect(report.outages[0]).toMatchObject({ version: seedId });
    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    expect(markdown).toContain('**No verdict: an outage, not a result.');
    expect(markdown).not.toMatch(/No regression/);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/class="verdict error[ "]/);
  });

  it('tdo experiment in which every episode errored gives no verdict whatever --max-error-rate allows', { timeout: 180_000 }, async () => {
    const out = join(dir, 'experiment-all-errored-report');
    const { seedId, r } = await experimentAgainstRefusing('experiment-all-errored.db', out, ['--max-error-rate', '1']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/No verdict: an outage, not a result\. .*Cause \(\d+\): .*401.*No episode was judged, so nothing was measured\./);
    expect(r.stdout).not.toMatch(/No regression|Best/);
    // nothing judged is shown as not measured, never as a 0% rate
    expect(r.stdout).not.toMatch(/(?<![\d.])0\.0%/);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { verdict: string; outages: Array<{ version: string; cause: string }> };
    expect(report.verdict).toBe('error');
    expect(report.outages[0]).toMatchObject({ version: seedId, cause: expect.stringMatching(/No episode was judged/) });
    expect(readFileSync(join(out, 'report.md'), 'utf8')).not.toMatch(/(?<![\d.])0\.0%/);
  });

  it('tdo optimize against a refusing endpoint exits 3 with the cause and the resume command, and marks the run failed', { timeout: 180_000 }, async () => {
    const db = join(dir, 'optimize.db');
    const r = await tdo(
      ['optimize', '--suite', 'lab', '--server', 'lab', '--agent', 'llm', '--model', 'double-model', '--budget', '40', '--db', db, '--json'],
      llm(refusing.baseURL),
    );
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/an episode errored \(an outage, not a result\), task [\w-]+: .*401/);
    const runId = /tdo optimize --resume (r-[0-9a-f]+)/.exec(r.stderr)?.[1];
    expect(runId).toBeDefined();
    expect(r.stderr).toContain(`resume with \`tdo optimize --resume ${runId} --db ${db}\` if it is stopped`);
    // the outage names the same command, with the database that holds the run
    expect(r.stderr).toContain(`continue it with \`tdo optimize --resume ${runId} --db ${db}\`, which runs the errored episode again`);
    const store = openTraceStore(db);
    try {
      expect(store.getRun(runId!)?.status).toBe('failed');
      // no episode was scored as a task failure
      const episodes = store.listEpisodes({ runId: runId! });
      expect(episodes.length).toBeGreaterThan(0);
      expect(episodes.filter((e) => e.status === 'completed')).toEqual([]);
      expect(episodes.every((e) => e.success === null)).toBe(true);
    } finally {
      store.close();
    }
  });
});
