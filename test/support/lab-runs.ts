import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTraceStore, type TraceStore } from '../../traces/index.ts';
import { loadSuite, type LoadedSuite } from '../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../experiments/shipped/suites/shipped.ts';
import type { ServerSpec } from '../../src/suite/schema.ts';

/** Helpers for tests that run the shipped lab suite end to end against real server processes. */

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TDO_BIN = join(REPO_ROOT, 'bin/tdo.js');

export function tempStore(): TraceStore {
  return openTraceStore(join(mkdtempSync(join(tmpdir(), 'tdo-run-')), 'tdo.db'));
}

/** The lab suite, optionally narrowed to some tasks and given other server specs (same suite otherwise). */
export function labSuite(options: { taskIds?: string[]; servers?: ServerSpec[] } = {}): LoadedSuite {
  const loaded = loadSuite('lab', { shippedSuites: SHIPPED_SUITES_DIR });
  const tasks = options.taskIds ? loaded.suite.tasks.filter((t) => options.taskIds!.includes(t.id)) : loaded.suite.tasks;
  return { path: loaded.path, suite: { ...loaded.suite, tasks, servers: options.servers ?? loaded.suite.servers } };
}

/** The lab suite cut to the first `n` tasks of each split named: a search small enough for a test. */
export function firstLabTasks(perSplit: Record<string, number>): LoadedSuite {
  const tasks = loadSuite('lab', { shippedSuites: SHIPPED_SUITES_DIR }).suite.tasks;
  const ids = Object.entries(perSplit).flatMap(([split, n]) =>
    tasks
      .filter((t) => t.split === split)
      .slice(0, n)
      .map((t) => t.id),
  );
  return labSuite({ taskIds: ids });
}

export function readFixture(name: string): Record<string, string> {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures', name), 'utf8')) as Record<string, string>;
}
