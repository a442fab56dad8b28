import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { TraceStoreError } from '../../traces/index.ts';
import { openTempStore, runInput } from './helpers.ts';

const lockPath = (dbPath: string, runId: string) => `${dbPath}.${runId}.lock`;

describe('run locks', () => {
  it('hold a run for one holder at a time and leave no file once released', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());

    const lock = store.lockRun(run.id);
    expect(() => store.lockRun(run.id)).toThrow(TraceStoreError);
    expect(() => store.lockRun(run.id)).toThrow(new RegExp(`run ${run.id} is being run by another process`));
    // another run is not held
    store.lockRun(store.createRun(runInput()).id).release();
    lock.release();

    expect(existsSync(lockPath(store.path, run.id))).toBe(false);
    store.lockRun(run.id).release();
  });

  it('are dropped by the kernel when the holder is killed, so a killed run can be resumed at once', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `
      const { lockRun } = await import(${JSON.stringify(new URL('../../traces/run-lock.ts', import.meta.url).href)});
      lockRun(${JSON.stringify(store.path)}, ${JSON.stringify(run.id)});
      console.log('held');
      setInterval(() => {}, 1000);
    `,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    onTestFinished(() => void holder.kill('SIGKILL'));
    await once(holder.stdout, 'data');
    expect(() => store.lockRun(run.id)).toThrow(/being run by another process/);

    holder.kill('SIGKILL');
    await once(holder, 'exit');

    expect(existsSync(lockPath(store.path, run.id))).toBe(true);
    store.lockRun(run.id).release();
  }, 30_000);
});
