// Every command's option table, by the name of its block in docs/commands.md (a subcommand's is
// `command-subcommand`): `npm run figures` writes each block from its table (bench/figures/producers.ts) and
// test/cli/tables/tables.test.ts holds the page to them.
import type { OptionTable } from '../option-table.ts';
import { AGENTS_OPTIONS } from './agents.ts';
import { APPLY_OPTIONS } from './apply.ts';
import { CONFIG_CHECK_OPTIONS } from './config.ts';
import { DEMO_OPTIONS } from './demo.ts';
import { DIFF_OPTIONS } from './diff.ts';
import { EXPERIMENT_OPTIONS } from './experiment.ts';
import { GATEWAY_OPTIONS } from './gateway.ts';
import { IMPORT_OPTIONS } from './import.ts';
import { INIT_OPTIONS } from './init.ts';
import { LINT_OPTIONS } from './lint.ts';
import { OPTIMIZE_OPTIONS } from './optimize.ts';
import { PROXY_OPTIONS } from './proxy.ts';
import { RUN_OPTIONS } from './run.ts';
import { SERVE_OPTIONS } from './serve.ts';
import { SUITE_CHECK_OPTIONS } from './suite-check.ts';
import { SUITE_DRAFT_OPTIONS } from './suite-draft.ts';
import { TRACES_LIST_OPTIONS, TRACES_SHOW_OPTIONS } from './traces.ts';
import { TRACES_EXPORT_OPTIONS, TRACES_IMPORT_OPTIONS } from './traces-langfuse.ts';
import { VERSIONS_OPTIONS } from './versions.ts';
import { VIEW_OPTIONS } from './view.ts';
import { WORKER_OPTIONS } from './worker.ts';

export const OPTION_TABLES: Readonly<Record<string, OptionTable>> = {
  run: RUN_OPTIONS,
  optimize: OPTIMIZE_OPTIONS,
  experiment: EXPERIMENT_OPTIONS,
  demo: DEMO_OPTIONS,
  init: INIT_OPTIONS,
  'traces-list': TRACES_LIST_OPTIONS,
  'traces-show': TRACES_SHOW_OPTIONS,
  'traces-export': TRACES_EXPORT_OPTIONS,
  'traces-import': TRACES_IMPORT_OPTIONS,
  serve: SERVE_OPTIONS,
  versions: VERSIONS_OPTIONS,
  apply: APPLY_OPTIONS,
  import: IMPORT_OPTIONS,
  diff: DIFF_OPTIONS,
  lint: LINT_OPTIONS,
  proxy: PROXY_OPTIONS,
  gateway: GATEWAY_OPTIONS,
  'config-check': CONFIG_CHECK_OPTIONS,
  worker: WORKER_OPTIONS,
  agents: AGENTS_OPTIONS,
  'suite-check': SUITE_CHECK_OPTIONS,
  'suite-draft': SUITE_DRAFT_OPTIONS,
  view: VIEW_OPTIONS,
};
