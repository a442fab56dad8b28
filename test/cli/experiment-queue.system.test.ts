// `tdo experiment --queue`: the same versions on the same tasks, their episodes run by `tdo worker` processes
// through a real Redis, give the report the in-process experiment gives; a queue that cannot be reached is refused.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEpisodeId } from '../../src/run/queue/episode-job.ts';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT, TDO_BIN } from '../support/lab-runs.ts';
import { freePort, redisMissing, startRedis, type RedisServer } from '../support/redis-server.ts';

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);

type Report = {
  verdict: string;
  suites: Array<{
    results: Array<{ version_id: string; success: { rate: number; n: number } }>;
    paraphrase?: { results: Array<{ success: { rate: number; n: number } }> };
  }>;
};

describe.skipIf(missing !== undefined)('tdo experiment --queue', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-experiment-queue-'));
  const suite = join(dir, 'lab-mini.json');
  let redis: RedisServer;
  const workers: ChildProcess[] = [];
  let versions = '';

  /** The seed and accurate lab descriptions, imported into a database of their own (the same ids in each). */
  async function storeWithVersions(name: string): Promise<string> {
    const db = join(dir, name);
    const ids: string[] = [];
    for (const [file, extra] of [
      ['servers/lab/descriptions.json', ['--new-server']],
      ['test/fixtures/lab-accurate-descriptions.json', []],
    ] as const) {
      const r = await tdo(['import', join(REPO_ROOT, file), '--server', 'lab', ...extra, '--db', db, '--json']);
      expect(r.code, r.stderr).toBe(0);
      ids.push((JSON.parse(r.stdout) as { id: string }).id);
    }
    versions = ids.join(',');
    return db;
  }

  beforeAll(async () => {
    const lab = parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/suites/lab.yaml'), 'utf8')) as { tasks: Array<{ id: string }> };
    const ids = ['everest-feet', 'flour-bag-grams', 'box-a-volume', 'suitcase-pounds', 'mugs-per-shelf'];
    writeFileSync(suite, JSON.stringify({ ...lab, name: 'lab-mini', tasks: lab.tasks.filter((t) => ids.includes(t.id)) }));
    redis = await startRedis();
    for (const name of ['w1', 'w2'])
      workers.push(spawn(process.execPath, [TDO_BIN, 'worker', '--queue', redis.url, '--suite', suite, '--name', name], { stdio: 'ignore' }));
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await redis?.stop();
  });

  it('gives the in-process report: the same success per version on test and paraphrase, the same verdict', { timeout: 240_000 }, async () => {
    const run = async (db: string, extra: string[]) => {
      const r = await tdo([
        'experiment',
        '--suite',
        suite,
        '--versions',
        versions,
        '--repeat',
        '2',
        '--db',
        db,
        '--out',
        join(dir, `out-${extra.length}`),
        '--json',
        ...extra,
      ]);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Report;
    };
    const local = await run(await storeWithVersions('local.db'), []);
    const queuedDb = await storeWithVersions('queued.db');
    const queued = await run(queuedDb, ['--queue', redis.url]);
    // the workers ran them: an episode run through the queue has the id its job had
    const episodes = JSON.parse((await tdo(['traces', 'list', '--db', queuedDb, '--limit', '1000', '--json'])).stdout) as Array<{
      id: string;
      run_id: string;
      task_id: string;
      repeat_index: number;
    }>;
    expect(episodes.length).toBe(2 * 2 * 5); // two versions, two repeats, three test and two paraphrase tasks
    for (const e of episodes) expect(e.id).toBe(queuedEpisodeId(e.run_id, e.task_id, e.repeat_index));
    const rates = (report: Report) =>
      report.suites.map((s) => ({ test: s.results.map((v) => [v.version_id, v.success]), paraphrase: s.paraphrase?.results.map((v) => v.success) }));
    expect(queued.verdict).toBe(local.verdict);
    expect(rates(queued)).toEqual(rates(local));
  });

  it('refuses a queue nothing listens on before any episode runs (exit 3, naming the URL)', { timeout: 60_000 }, async () => {
    const db = await storeWithVersions('refused.db');
    const url = `redis://127.0.0.1:${await freePort()}`;
    const r = await tdo(['experiment', '--suite', suite, '--versions', versions, '--db', db, '--out', join(dir, 'refused'), '--queue', url]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(url.replace('redis://', ''));
    const listed = await tdo(['traces', 'list', '--db', db, '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });
});
