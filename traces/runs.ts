import { desc, eq, sql } from 'drizzle-orm';
import { TraceStoreError } from './errors.ts';
import { newRunId } from './ids.ts';
import type { TraceDb } from './open.ts';
import { lockRun } from './run-lock.ts';
import { runs, type RunStatus } from './schema.ts';
import type { RunStore } from './types.ts';

const DEFAULT_RUN_LIST_LIMIT = 50;

export function runStore(db: TraceDb, path: string): RunStore {
  const getRun = (id: string) => db.select().from(runs).where(eq(runs.id, id)).get();

  return {
    createRun(input) {
      let id = newRunId();
      while (getRun(id)) id = newRunId();
      return db
        .insert(runs)
        .values({
          id,
          createdAt: new Date().toISOString(),
          status: 'running',
          suiteName: input.suite,
          suitePath: input.suitePath,
          agentId: input.agent,
          split: input.split,
          repeats: input.repeats,
          seed: input.seed,
          concurrency: input.concurrency,
          versionIds: input.versionIds,
          config: input.config ?? null,
        })
        .returning()
        .get();
    },

    getRun,

    listRuns(limit = DEFAULT_RUN_LIST_LIMIT) {
      // rowid breaks ties between runs created in the same millisecond
      return db
        .select()
        .from(runs)
        .orderBy(desc(runs.createdAt), desc(sql`rowid`))
        .limit(limit)
        .all();
    },

    setRunStatus(id: string, status: RunStatus) {
      const finishedAt = status === 'running' ? null : new Date().toISOString();
      const { changes } = db.update(runs).set({ status, finishedAt }).where(eq(runs.id, id)).run();
      if (changes === 0) throw new TraceStoreError(`trace store ${path}: no run with id '${id}'`);
    },

    lockRun: (id) => lockRun(path, id),
  };
}
