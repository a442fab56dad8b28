/**
 * The third-party CRUD-style servers' selection suites without the servers: each server's captured tools/list
 * (experiments/shipped/catalogs/) with its own descriptions and with the careful ones written for the same tools
 * (experiments/shipped/suites/NAME.careful.json), and each task's first step. The check the sim is measured on, never
 * data to fit on: crud-selection.test.ts, crud-landscape.ts and crud-misses.ts read it.
 */
import { readFileSync } from 'node:fs';
import type { CatalogueTool, JsonSchema } from '../../../../src/catalogue/catalogue-types.ts';
import { loadSuite } from '../../../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../../../experiments/shipped/suites/shipped.ts';

const root = new URL('../../../../', import.meta.url);

export interface CrudSuite {
  suite: string;
  catalog: string;
  server: string;
}

export const CRUD_SUITES = {
  taskmanager: { suite: 'taskmanager-selection', catalog: 'taskmanager', server: 'taskmanager' },
  sqlite: { suite: 'sqlite-selection', catalog: 'sqlite', server: 'sqlite' },
  'filesystem-edit': { suite: 'filesystem-edit-selection', catalog: 'server-filesystem', server: 'filesystem' },
  git: { suite: 'git-selection', catalog: 'git', server: 'git' },
  playwright: { suite: 'playwright-selection', catalog: 'playwright', server: 'playwright' },
  ohno: { suite: 'ohno-selection', catalog: 'ohno', server: 'ohno' },
  docker: { suite: 'docker-selection', catalog: 'docker', server: 'docker' },
} satisfies Record<string, CrudSuite>;

export function readCrudSuite({ suite, catalog, server }: CrudSuite) {
  const captured = JSON.parse(readFileSync(new URL(`experiments/shipped/catalogs/${catalog}.json`, root), 'utf8')) as {
    tools: Array<{ name: string; description: string; inputSchema: JsonSchema }>;
  };
  const careful = JSON.parse(readFileSync(new URL(`experiments/shipped/suites/${suite}.careful.json`, root), 'utf8')) as Record<string, string>;
  const catalogue = (describe: (tool: { name: string; description: string }) => string): CatalogueTool[] =>
    captured.tools.map((t) => ({ name: t.name, server, tool: t.name, description: describe(t), inputSchema: t.inputSchema }));
  return {
    toolNames: captured.tools.map((t) => t.name),
    carefulNames: Object.keys(careful),
    tasks: loadSuite(suite, { shippedSuites: SHIPPED_SUITES_DIR }).suite.tasks,
    own: catalogue((t) => t.description),
    careful: catalogue((t) => careful[t.name]!),
  };
}
