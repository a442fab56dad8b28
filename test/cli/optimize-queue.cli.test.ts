// `tdo optimize --queue` with a queue that cannot be reached is refused before any store is opened. That a search on queue
// workers gives the in-process search is test/optimizer/search/optimize-queue.system.test.ts's (optimize() with the
// queue's executor); that the CLI hands the flag to it is queue-lost.system.test.ts's (the search's episodes wait
// in Redis).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { freePort } from '../support/redis-server.ts';

describe('tdo optimize --queue', () => {
  it('refuses a queue nothing listens on before any store is opened (exit 3, naming the URL)', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-optimize-queue-')), 'refused.db');
    const url = `redis://127.0.0.1:${await freePort()}`;
    const r = await tdo(['optimize', '--suite', 'lab', '--budget', '34', '--seed', '2', '--db', db, '--json', '--queue', url]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`cannot reach the episode queue at ${url}/0`);
    expect(existsSync(db)).toBe(false);
  });
});
