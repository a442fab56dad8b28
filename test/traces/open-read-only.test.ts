// A store opened read-only (`tdo view`): it reads, it cannot write, and it refuses a file it would have to migrate.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { handRun } from '../support/hand-recorded.ts';
import { tempStore } from '../support/lab-runs.ts';

describe('a read-only store', () => {
  it('reads what another connection wrote, sees its later commits, and cannot write', () => {
    const writer = tempStore();
    const runId = handRun(writer);
    const reader = openTraceStore(writer.path, { readOnly: true });
    try {
      expect(reader.getRun(runId)?.id).toBe(runId);
      const version = reader.dataVersion();
      handRun(writer);
      expect(reader.dataVersion()).not.toBe(version);
      expect(reader.runPage({}, { limit: 10, offset: 0 }).rows).toHaveLength(2);
      expect(() => handRun(reader)).toThrow(/readonly|read-only/i);
    } finally {
      reader.close();
      writer.close();
    }
  });

  it('refuses a missing file and a store whose schema it would have to bring up to date', () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'tdo-ro-')), 'none.db');
    expect(() => openTraceStore(missing, { readOnly: true })).toThrow(/none\.db/);
    const store = tempStore();
    store.close();
    const sqlite = new Database(store.path);
    sqlite.prepare('DELETE FROM __drizzle_migrations WHERE created_at = (SELECT MAX(created_at) FROM __drizzle_migrations)').run();
    sqlite.close();
    expect(() => openTraceStore(store.path, { readOnly: true })).toThrow(/older schema than this tdo reads/);
  });
});
