import { and, desc, eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import { TraceStoreError } from './errors.ts';
import { newRunId } from './ids.ts';
import type { TraceDb } from './open.ts';
import { lockRun } from './run-lock.ts';
import { RUN_SETTINGS, type KindAndSettings } from './run-settings.ts';
import { runs, type RunStatus } from './schema.ts';
import type { RunStore } from './types.ts';

const DEFAULT_RUN_LIST_LIMIT = 50;

/** The settings as their kind's schema reads them; settings it cannot read are a bug in the writer, refused here. */
function checkedSettings({ kind, settings }: KindAndSettings, path: string): unknown {
  const parsed = RUN_SETTINGS[kind].safeParse(settings);
  if (!parsed.success) throw new TraceStoreError(`trace store ${path}: settings of a new ${kind} run do not parse: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

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
          kind: input.kind,
          suiteName: input.suite,
          suitePath: input.suitePath,
          agentId: input.agent,
          split: input.split,
          repeats: input.repeats,
          seed: input.seed,
          concurrency: input.concurrency,
          versionIds: input.versionIds,
          settings: checkedSettings(input, path),
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

    setRunSettings(id, input) {
      const { changes } = db
        .update(runs)
        .set({ settings: checkedSettings(input, path) })
        .where(and(eq(runs.id, id), eq(runs.kind, input.kind)))
        .run();
      if (changes === 0) throw new TraceStoreError(`trace store ${path}: no ${input.kind} run with id '${id}'`);
    },

    setRunStatus(id: string, status: RunStatus) {
      const finishedAt = status === 'running' ? null : new Date().toISOString();
      const { changes } = db.update(runs).set({ status, finishedAt }).where(eq(runs.id, id)).run();
      if (changes === 0) throw new TraceStoreError(`trace store ${path}: no run with id '${id}'`);
    },

    setSuiteCheck(id, text) {
      const { changes } = db.update(runs).set({ suiteCheck: text }).where(eq(runs.id, id)).run();
      if (changes === 0) throw new TraceStoreError(`trace store ${path}: no run with id '${id}'`);
    },

    lockRun: (id) => lockRun(path, id),
  };
}
