// `tdo optimize --queue`: the search's episodes run by `tdo worker` processes through a real Redis give the
// report the in-process search gives with the same seed; a queue that cannot be reached is refused before any run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEpisodeId } from '../../../src/run/queue/episode-job.ts';
import { tdo } from '../../support/cli.ts';
import { TDO_BIN } from '../../support/lab-runs.ts';
import { freePort, redisMissing, startRedis, type RedisServer } from '../../support/redis-server.ts';

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);

interface Candidate {
  success_rate: number;
  first_choice_share: number;
  val: unknown;
  descriptions: Record<string, string>;
}
interface Report {
  run_id: string;
  status: string;
  budget_used: number;
  report_calls: number;
  paraphrase_calls: number;
  iterations: number;
  proposals: unknown;
  seed: Candidate;
  best: Candidate;
}

describe.skipIf(missing !== undefined)('tdo optimize --queue', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-optimize-queue-'));
  let redis: RedisServer;
  const workers: ChildProcess[] = [];
  const optimize = (db: string, extra: string[]) => tdo(['optimize', '--suite', 'lab', '--budget', '34', '--seed', '2', '--db', db, '--json', ...extra]);

  beforeAll(async () => {
    redis = await startRedis();
    for (const name of ['w1', 'w2']) workers.push(spawn(process.execPath, [TDO_BIN, 'worker', '--queue', redis.url, '--name', name], { stdio: 'ignore' }));
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await redis?.stop();
  });

  it('gives the in-process report: the same candidates, the same winner and validation scores', { timeout: 300_000 }, async () => {
    const [local, queued] = await Promise.all([optimize(join(dir, 'local.db'), []), optimize(join(dir, 'queued.db'), ['--queue', redis.url])]);
    expect(local.code, local.stderr).toBe(0);
    expect(queued.code, queued.stderr).toBe(0);
    const [a, b] = [JSON.parse(local.stdout) as Report, JSON.parse(queued.stdout) as Report];
    const search = (r: Report) => ({
      status: r.status,
      budget: r.budget_used,
      reported: [r.report_calls, r.paraphrase_calls],
      iterations: r.iterations,
      proposals: r.proposals,
      seed: r.seed,
      best: r.best,
    });
    expect(search(b)).toEqual(search(a));
    // the workers ran them: an episode run through the queue has the id its job had
    const listed = await tdo(['traces', 'list', '--run', b.run_id, '--db', join(dir, 'queued.db'), '--limit', '1000', '--json']);
    const episodes = JSON.parse(listed.stdout) as Array<{ id: string; run_id: string; task_id: string; repeat_index: number }>;
    // the search, then the seed and the best on the held-out test and paraphrase tasks
    expect(episodes.length).toBe(b.budget_used + b.report_calls + b.paraphrase_calls);
    for (const e of episodes) expect(e.id).toBe(queuedEpisodeId(e.run_id, e.task_id, e.repeat_index));
  });

  it('refuses a queue nothing listens on before any run is created (exit 2, naming the URL)', { timeout: 120_000 }, async () => {
    const db = join(dir, 'refused.db');
    const url = `redis://127.0.0.1:${await freePort()}`;
    const r = await optimize(db, ['--queue', url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot reach the episode queue at ${url}/0`);
    const listed = await tdo(['traces', 'list', '--db', db, '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });
});
