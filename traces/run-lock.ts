// One process at a time per run. The lock is SQLite's own file lock, which the kernel drops when its
// holder dies (SIGKILL included): a killed run can be resumed at once, a live one never twice.
import { closeSync, fstatSync, openSync, statSync, unlinkSync } from 'node:fs';
import Database from 'better-sqlite3';
import { sqliteErrorCode, TraceStoreError } from './errors.ts';

export interface RunLock {
  release(): void;
}

/**
 * Lock files this process holds. Asked again, it refuses at once: opening the file a second time and
 * closing it would drop the process's lock on it (POSIX locks belong to the process, not the descriptor).
 */
const held = new Set<string>();

/** Takes the run's lock (`<db>.<runId>.lock`, removed on release) or refuses at once, saying why. */
export function lockRun(dbPath: string, runId: string): RunLock {
  const path = `${dbPath}.${runId}.lock`;
  const busy = () =>
    new TraceStoreError(
      `trace store ${dbPath}: run ${runId} is being run by another process (it holds ${path}); wait for it to finish or stop it, then resume`,
    );
  if (held.has(path)) throw busy();
  for (;;) {
    // Our own descriptor keeps the file's inode alive, so its number cannot be reused while we compare it.
    const pin = openSync(path, 'a');
    const lock = new Database(path, { timeout: 0 });
    const close = () => {
      lock.close();
      closeSync(pin);
    };
    try {
      lock.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      close();
      if (sqliteErrorCode(error)?.startsWith('SQLITE_BUSY')) throw busy();
      throw error;
    }
    // A holder that released between our open and our lock had removed the file we locked: lock the new one.
    if (statSync(path, { throwIfNoEntry: false })?.ino !== fstatSync(pin).ino) {
      close();
      continue;
    }
    held.add(path);
    return {
      release() {
        // removed while still locked, so whoever opened it meanwhile sees it gone and locks a fresh one
        unlinkSync(path);
        close();
        held.delete(path);
      },
    };
  }
}
