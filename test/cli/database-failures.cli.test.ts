import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';

const asRoot = process.getuid?.() === 0;

/** Runs a command, true when it worked: these setups need tools or rights a machine may lack. */
function tryRun(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A store file the current user cannot write: root ignores permission bits, but not the immutable flag. */
function readOnlyStore(): string | undefined {
  const path = join(mkdtempSync(join(tmpdir(), 'tdo-ro-')), 'tdo.db');
  openTraceStore(path).close();
  if (!asRoot) {
    chmodSync(path, 0o444);
    return path;
  }
  if (!tryRun('chattr', ['+i', path])) return undefined;
  onTestFinished(() => void tryRun('chattr', ['-i', path]));
  return path;
}

/** A folder on a 256 KB file system: the trace store fills it within a few episodes. */
function tinyDisk(): string | undefined {
  const dir = join(mkdtempSync(join(tmpdir(), 'tdo-full-')), 'disk');
  mkdirSync(dir);
  if (!asRoot || !tryRun('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tdo-full', dir])) return undefined;
  onTestFinished(() => {
    tryRun('umount', [dir]);
    rmdirSync(dir);
  });
  return dir;
}

const noStack = /\n\s+at /;

describe('a trace store that cannot take writes', () => {
  it('read-only: exit 2 with a message naming the file, not a stack trace; reading still works', async (ctx) => {
    const path = readOnlyStore();
    if (path === undefined) return ctx.skip();

    const run = await tdo(['run', '--suite', 'lab', '--split', 'val', '--db', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^tdo: trace store ${path}: is not writable`));
    expect(run.stderr).not.toMatch(noStack);

    const listed = await tdo(['versions', '--db', path, '--json']);
    expect(listed.code).toBe(0);
  }, 60_000);

  it('disk full: exit 2 with a message naming the file, not a stack trace', async (ctx) => {
    const dir = tinyDisk();
    if (dir === undefined) return ctx.skip();
    const path = join(dir, 'tdo.db');

    const run = await tdo(['run', '--suite', 'lab', '--split', 'all', '--repeat', '3', '--db', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`(^|\\n)tdo: trace store ${path}: cannot be written: the disk is full`));
    expect(run.stderr).not.toMatch(noStack);
  }, 120_000);
});
