// `tdo run --queue` and `tdo optimize --queue` when Redis goes away mid-run: an outage, so exit 3 (as an
// experiment's), with the run kept, the command that continues it once the queue is back, and a process that
// ends rather than waiting on the lost queue.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { EPISODE_QUEUE } from '../../src/run/queue/episode-job.ts';
import { tdo, type CliResult } from '../support/cli.ts';
import { redisMissing, startRedis } from '../support/redis-server.ts';

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);

/** Starts `tdo ARGS --queue URL` on a Redis of its own with no worker, and takes Redis away once episodes wait. */
async function loseQueueMidRun(args: string[]): Promise<{ result: CliResult; port: number; db: string }> {
  const redis = await startRedis();
  const db = join(mkdtempSync(join(tmpdir(), 'tdo-queue-lost-')), 'tdo.db');
  try {
    const running = tdo([...args, '--db', db, '--queue', redis.url]);
    const queue = new Queue(EPISODE_QUEUE, { connection: { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null } });
    try {
      while ((await queue.getWaitingCount()) === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await queue.close();
    }
    await redis.stop();
    return { result: await running, port: redis.port, db };
  } finally {
    await redis.stop();
  }
}

describe.skipIf(missing !== undefined)('losing Redis mid-run', () => {
  it('tdo run exits 3, an outage, naming the run to resume', { timeout: 120_000 }, async () => {
    const { result: r, port, db } = await loseQueueMidRun(['run', '--suite', 'lab', '--split', 'val']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`lost the episode queue at redis://127\\.0\\.0\\.1:${port}/0`));
    // the database is not the default one, so the command names it
    expect(r.stderr).toMatch(new RegExp(`\`tdo run --resume r-[0-9a-f]+ --db ${db} --queue redis://127\\.0\\.0\\.1:${port}\``));
  });

  it('tdo optimize exits 3 too, naming the search to resume', { timeout: 120_000 }, async () => {
    const { result: r, port, db } = await loseQueueMidRun(['optimize', '--suite', 'lab', '--server', 'lab', '--budget', '40']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`lost the episode queue at redis://127\\.0\\.0\\.1:${port}/0`));
    expect(r.stderr).toMatch(new RegExp(`continue it with \`tdo optimize --resume r-[0-9a-f]+ --db ${db}\` and the same --queue`));
  });
});
