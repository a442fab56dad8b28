// `tdo demo overconfident --queue`: with one agent, both searches and the experiment run their episodes on a
// `tdo worker` process through a real Redis; with several (`--agents`) they also give the report the in-process
// demo gives with the same seed; a queue that cannot be reached is refused before any run. That one agent's queued
// demo equals the in-process one follows from the same searches (searchFromHonestSeed, compared below across agents)
// and the same experiment path (runExperiment, compared by experiment-queue.system.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEpisodeId } from '../../src/run/queue/episode-job.ts';
import { tdo } from '../support/cli.ts';
import { TDO_BIN } from '../support/lab-runs.ts';
import { freePort, redisMissing, startRedis, type RedisServer } from '../support/redis-server.ts';

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);

type DemoOutput = Record<string, unknown> & { optimize_runs: Record<'selection' | 'success', { run_id: string }>; report_html: string };

/** Everything but where the report was written, and which runs and experiments (with when) measured each figure. */
const measured = ({ report_html: _, experiment_ids: __, ...rest }: DemoOutput) =>
  JSON.parse(JSON.stringify(rest, (key, value: unknown) => (key === 'run_id' || key === 'measured_at' ? undefined : value))) as unknown;

describe.skipIf(missing !== undefined)('tdo demo overconfident --queue', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-demo-queue-'));
  let redis: RedisServer;
  const workers: ChildProcess[] = [];
  // the smallest search the market's 12 val tasks allow, and one repeat: the demo's path, not its findings
  const demo = (name: string, extra: string[]) =>
    tdo(['demo', 'overconfident', '--budget', '18', '--repeat', '1', '--json', '--db', join(dir, `${name}.db`), '--out', join(dir, name), ...extra]);

  /** Every episode the demo named `name` recorded has the id its queue job had: a worker ran it, not this process. */
  async function expectRunOnWorkers(name: string): Promise<void> {
    const listed = await tdo(['traces', 'list', '--db', join(dir, `${name}.db`), '--limit', '10000', '--json']);
    const episodes = JSON.parse(listed.stdout) as Array<{ id: string; run_id: string; task_id: string; repeat_index: number }>;
    expect(new Set(episodes.map((e) => e.run_id)).size).toBeGreaterThan(2); // the two searches and the experiment's runs
    for (const e of episodes) expect(e.id).toBe(queuedEpisodeId(e.run_id, e.task_id, e.repeat_index));
  }

  beforeAll(async () => {
    redis = await startRedis();
    // one worker: each starts the market's five sellers, which a loaded machine starts slowly
    workers.push(spawn(process.execPath, [TDO_BIN, 'worker', '--queue', redis.url, '--suite', 'market', '--name', 'w1'], { stdio: 'ignore' }));
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await redis?.stop();
  });

  it('runs every episode of the one-agent demo on the worker: both searches and the experiment', { timeout: 400_000 }, async () => {
    const queued = await demo('queued', ['--queue', redis.url]);
    expect(queued.code, queued.stderr).toBe(0);
    await expectRunOnWorkers('queued');
  });

  it('gives the in-process demo across agents too: each worker rebuilds every agent from its settings', { timeout: 700_000 }, async () => {
    const agents = ['--agents', 'sim:qwen2-5-32b,sim:qwen2-5-0-5b'];
    const local = await demo('agents-local', agents);
    const queued = await demo('agents-queued', [...agents, '--queue', redis.url]);
    expect(local.code, local.stderr).toBe(0);
    expect(queued.code, queued.stderr).toBe(0);
    const [a, b] = [JSON.parse(local.stdout) as DemoOutput, JSON.parse(queued.stdout) as DemoOutput];
    expect(measured(b)).toEqual(measured(a));
    expect((b as unknown as { per_agent: Array<{ agent: string }> }).per_agent.map((p) => p.agent)).toEqual(['sim:qwen2-5-32b', 'sim:qwen2-5-0-5b']);
    await expectRunOnWorkers('agents-queued');
  });

  it('refuses a queue nothing listens on before any store is opened (exit 3, naming the URL)', { timeout: 120_000 }, async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const r = await demo('refused', ['--queue', url]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`cannot reach the episode queue at ${url}/0`);
    expect(existsSync(join(dir, 'refused.db'))).toBe(false);
  });
});
