import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';

/** A store where a run connected lab (so lab has a version), and an edited descriptions file. */
function scratch(): { db: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-import-cli-'));
  const db = join(dir, 'tdo.db');
  const store = openTraceStore(db);
  store.recordVersion({ server: 'lab', descriptions: { calculator: 'Evaluate an expression.' }, origin: 'seed' });
  store.close();
  const file = join(dir, 'edit.json');
  writeFileSync(file, JSON.stringify({ calculator: 'Evaluate an arithmetic expression.' }));
  return { db, file };
}

describe('tdo import --server for a server with no versions', () => {
  it('exits 2 naming the servers with versions and --new-server, and records nothing', async () => {
    const { db, file } = scratch();

    const result = await tdo(['import', file, '--server', 'nosuch', '--db', db]);

    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'tdo: server "nosuch" has no description versions (servers with versions: lab); give one of those to --server, or --new-server to record the file as the first version of "nosuch"; nothing was recorded\n',
    );
    const store = openTraceStore(db);
    try {
      expect(store.listVersions().map((v) => v.server)).toEqual(['lab']);
    } finally {
      store.close();
    }
  }, 30_000);

  it('records the first version of the server with --new-server', async () => {
    const { db, file } = scratch();

    const result = await tdo(['import', file, '--server', 'nosuch', '--new-server', '--db', db, '--json']);

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ server: 'nosuch', created: true, parent: null });
  }, 30_000);

  it('still imports for a server that has versions, without the flag', async () => {
    const { db, file } = scratch();
    const result = await tdo(['import', file, '--server', 'lab', '--db', db, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ server: 'lab', created: true });
  }, 30_000);
});

describe('tdo import of a file that is no descriptions file', () => {
  it('exits 2 naming the file and creates no database', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-import-cli-')), 'tdo.db');
    const result = await tdo(['import', '/etc/passwd', '--server', 'lab', '--db', db]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('/etc/passwd');
    expect(existsSync(db)).toBe(false);
  });
});
