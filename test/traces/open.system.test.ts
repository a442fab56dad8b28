import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openTraceStore, TraceStoreError } from '../../traces/index.ts';
import { reportingStoreFailures } from '../../traces/errors.ts';
import { runInput, tempDir } from './helpers.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const openStoreFixture = fileURLToPath(new URL('./fixtures/open-store.ts', import.meta.url));

function inspect(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    const names = (type: string) => db.prepare('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name').pluck().all(type) as string[];
    return {
      tables: names('table'),
      indexes: names('index').filter((n) => !n.startsWith('sqlite_autoindex')),
      journalMode: db.pragma('journal_mode', { simple: true }),
    };
  } finally {
    db.close();
  }
}

function expectStoreError(open: () => unknown, ...fragments: string[]) {
  let caught: unknown;
  try {
    open();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(TraceStoreError);
  for (const fragment of fragments) expect((caught as Error).message).toContain(fragment);
}

describe('openTraceStore', () => {
  it('creates the schema, its indexes and the parent directory on a fresh path', async () => {
    const path = join(await tempDir(), 'nested', 'deeper', 'tdo.db');
    const store = openTraceStore(path);
    expect(store.path).toBe(path);
    store.close();

    const { tables, indexes } = inspect(path);
    expect(tables).toEqual(expect.arrayContaining(['runs', 'episodes', 'steps', 'scores', 'description_versions', 'response_cache']));
    expect(tables).toContain('__drizzle_migrations');
    expect(indexes).toEqual(
      expect.arrayContaining([
        'steps_episode_seq_idx',
        'steps_tool_idx',
        'episodes_run_status_idx',
        'episodes_run_task_repeat_idx',
        'scores_episode_name_idx',
        'description_versions_server_hash_idx',
      ]),
    );
  });

  it('uses WAL journaling, which persists in the file', async () => {
    const path = join(await tempDir(), 'tdo.db');
    openTraceStore(path).close();
    expect(inspect(path).journalMode).toBe('wal');
  });

  it('reopens an existing store without losing data or re-running migrations', async () => {
    const path = join(await tempDir(), 'tdo.db');
    const first = openTraceStore(path);
    const run = first.createRun(runInput());
    first.close();

    const second = openTraceStore(path);
    onTestFinished(() => second.close());
    expect(second.getRun(run.id)).toEqual(run);
    const db = new Database(path, { readonly: true });
    // one row per shipped migration, not one per open
    const shipped = JSON.parse(readFileSync(new URL('../../traces/migrations/meta/_journal.json', import.meta.url), 'utf8')).entries.length;
    expect(db.prepare('SELECT COUNT(*) FROM __drizzle_migrations').pluck().get()).toBe(shipped);
    db.close();
  });

  it('resolves a relative path to an absolute one', async () => {
    const dir = await tempDir();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const store = openTraceStore('rel/tdo.db');
      store.close();
      expect(store.path).toBe(join(dir, 'rel', 'tdo.db'));
    } finally {
      process.chdir(cwd);
    }
  });

  it('lets several processes open the same fresh file at the same moment', async () => {
    const path = join(await tempDir(), 'tdo.db');
    const children = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', openStoreFixture, path], { cwd: repoRoot });
      onTestFinished(() => {
        child.kill('SIGKILL');
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const ready = once(child.stdout, 'data');
      const exited = new Promise<{ code: number | null; output: string }>((done) => child.on('close', (code) => done({ code, output })));
      return { child, ready, exited };
    });
    // all processes have loaded the code; release them together so their migrations race
    await Promise.all(children.map((c) => c.ready));
    for (const { child } of children) child.stdin.end('go\n');

    for (const { exited } of children) {
      const r = await exited;
      expect(r, r.output).toMatchObject({ code: 0, output: 'ready\nopened\n' });
    }
    const store = openTraceStore(path);
    onTestFinished(() => store.close());
    expect(store.listRuns()).toEqual([]);
  });
});

describe('openTraceStore with bad input', () => {
  it('refuses a path that is a directory', async () => {
    const dir = await tempDir();
    expectStoreError(() => openTraceStore(dir), dir, 'is a directory');
  });

  it('reports a path whose parent is a file', async () => {
    const file = join(await tempDir(), 'notes.txt');
    await writeFile(file, 'keep me');
    const path = join(file, 'tdo.db');
    expectStoreError(() => openTraceStore(path), path, 'cannot create it there');
    expect(await readFile(file, 'utf8')).toBe('keep me');
  });

  it('refuses a file that is not a database and leaves it exactly as it was', async () => {
    const dir = await tempDir();
    const path = join(dir, 'tdo.db');
    const bytes = randomBytes(8192);
    await writeFile(path, bytes);

    expectStoreError(() => openTraceStore(path), path, 'not a SQLite database');
    expect(Buffer.compare(await readFile(path), bytes)).toBe(0);
    expect(await readdir(dir)).toEqual(['tdo.db']);
  });

  it('refuses a store whose schema pages are corrupt and leaves the file unchanged', async () => {
    const path = join(await tempDir(), 'tdo.db');
    openTraceStore(path).close();
    const bytes = await readFile(path);
    // page 1 after the 100-byte header holds the schema table
    randomBytes(1000).copy(bytes, 100);
    await writeFile(path, bytes);

    expectStoreError(() => openTraceStore(path), path);
    expect(Buffer.compare(await readFile(path), bytes)).toBe(0);
  });

  it('refuses a SQLite database that belongs to another program and adds nothing to it', async () => {
    const path = join(await tempDir(), 'other.db');
    const other = new Database(path);
    other.exec("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('ada')");
    other.close();

    const bytes = await readFile(path);

    expectStoreError(() => openTraceStore(path), path, 'not a tdo trace store', 'contacts');
    expect(inspect(path).tables).toEqual(['contacts']);
    // recognised before anything is changed: not even switched to WAL
    expect(inspect(path).journalMode).toBe('delete');
    expect(Buffer.compare(await readFile(path), bytes)).toBe(0);
    expect(await readdir(dirname(path))).toEqual(['other.db']);
  });

  it('refuses a store written by a newer version of tdo', async () => {
    const path = join(await tempDir(), 'tdo.db');
    openTraceStore(path).close();
    const db = new Database(path);
    db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('future', Date.now() + 1e12);
    db.close();

    expectStoreError(() => openTraceStore(path), path, 'newer version');
  });

  it('reports a location it cannot write to', async () => {
    // root ignores permission bits, so as root use a kernel directory in which no one can create files
    const asRoot = process.getuid?.() === 0;
    let dir = '/proc/self';
    if (!asRoot) {
      dir = join(await tempDir(), 'locked');
      await mkdir(dir);
      await chmod(dir, 0o555);
      onTestFinished(() => chmod(dir, 0o755));
    }
    const path = join(dir, 'tdo.db');
    expectStoreError(() => openTraceStore(path), path);
    expectStoreError(() => openTraceStore(join(dir, 'sub', 'tdo.db')), join(dir, 'sub', 'tdo.db'));
  });
});

describe('write failures after opening', () => {
  const failing = (code: string) => ({
    write: () => {
      throw new Database.SqliteError(code === 'SQLITE_FULL' ? 'database or disk is full' : 'some failure', code);
    },
  });

  it('turns a full disk or a read-only file into a message naming the file', () => {
    const path = '/data/traces/tdo.db';
    expectStoreError(() => reportingStoreFailures(failing('SQLITE_FULL'), path).write(), `trace store ${path}: cannot be written: the disk is full`);
    expectStoreError(() => reportingStoreFailures(failing('SQLITE_READONLY_DBMOVED'), path).write(), `trace store ${path}: is not writable`);
  });

  it('turns a lock another process held past the busy timeout into a message naming the file and what to do', () => {
    const path = '/data/traces/tdo.db';
    expectStoreError(() => reportingStoreFailures(failing('SQLITE_BUSY'), path).write(), `trace store ${path}: is locked by another process`);
    expectStoreError(() => reportingStoreFailures(failing('SQLITE_BUSY_SNAPSHOT'), path).write(), 'let it finish');
  });

  it('leaves every other error as it was', () => {
    expect(() => reportingStoreFailures(failing('SQLITE_CONSTRAINT_UNIQUE'), '/x.db').write()).toThrow(Database.SqliteError);
  });
});
