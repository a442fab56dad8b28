// `tdo suite check`: the suite check `tdo run` prints before its episodes (cli/suite-check.ts), on its own, with
// each tool's balance and the tasks to add. It starts the suite's servers to list their tools, as a run does, and
// runs no episode.
import type { Command } from 'commander';
import { RECURRING_TASKS } from '../../optimizer/index.ts';
import {
  agentKind,
  balance,
  connectSuiteHost,
  heldOutStepsToShowChange,
  inputError,
  loadSuite,
  resolveConditions,
  resolveOverrides,
  toJsonText,
  type Agent,
  type CatalogueTool,
  type LoadedSuite,
  type StepMinimum,
} from '../../src/index.ts';
import { agentSelection, agentWithDefaults } from '../agents.ts';
import { commandConfig, openContext } from '../context.ts';
import type { CliConfig } from '../config.ts';
import { balanceJson, renderBalance } from '../format/suite-balance.ts';
import { suiteCheckJson } from '../format/suite-check.ts';
import { announceSuiteCheck } from '../suite-check.ts';
import type { SuiteCheckFlags } from '../tables/suite-check.ts';

export async function suiteCheckCommand(flags: SuiteCheckFlags, command: Command): Promise<void> {
  if (flags.suite === undefined) throw inputError('tdo suite check needs --suite NAME|PATH (e.g. --suite lab)');
  const config = commandConfig(flags);
  const loaded = loadSuite(flags.suite, config.refs);
  const server = checkedServer(loaded, flags.server);
  const agents = checkAgents(flags, command, config);
  const tools = await catalogue(loaded, await versionOverrides(flags, config));
  const { check, text } = announceSuiteCheck(loaded.suite, agents, tools, { server, episodesPerTestTask: flags.repeat, resumed: false });
  const balanced = balance(
    check.tools.filter((t) => server === undefined || t.server === server),
    stepMinimum(loaded),
  );
  process.stdout.write(
    flags.json
      ? toJsonText({ suite: loaded.suite.name, server: server ?? null, suite_check: suiteCheckJson(check), balance: balanceJson(balanced) })
      : `${text}${renderBalance(balanced, server)}`,
  );
}

/** The server whose tools are listed: --server, else the suite's target; none lists every server's. */
function checkedServer({ suite }: LoadedSuite, given: string | undefined): string | undefined {
  const names = suite.servers.map((s) => s.name);
  if (given !== undefined && !names.includes(given)) throw inputError(`suite "${suite.name}" has no server "${given}"; its servers: ${names.join(', ')}`);
  return given ?? suite.targetServer;
}

/** The agent whose reading is measured: a sim agent; an LLM agent is named but never called, so nothing of it is measured. */
function checkAgents(flags: SuiteCheckFlags, command: Command, config: CliConfig): Agent[] {
  const settings = agentWithDefaults(agentSelection(flags.agent), command.getOptionValueSource('agent') === 'cli', config);
  const kind = agentKind(settings);
  if (!kind.simulated) return [];
  return [
    kind.create(settings, () => {
      throw new Error('the suite check calls no model');
    }),
  ];
}

/** The descriptions of the versions asked for, read from the trace store; none without --version. */
async function versionOverrides(flags: SuiteCheckFlags, config: CliConfig) {
  if (flags.version.length === 0) return {};
  const context = await openContext(flags, { mode: 'read' }, config);
  try {
    return resolveOverrides(context.store, flags.version);
  } finally {
    await context.close();
  }
}

/** The catalogue as the suite's agents would see it: its servers started with the default conditions, as a run starts them. */
async function catalogue(loaded: LoadedSuite, overrides: Awaited<ReturnType<typeof versionOverrides>>): Promise<CatalogueTool[]> {
  const { host } = await connectSuiteHost(loaded.suite, resolveConditions(loaded.suite, {}).effect);
  try {
    return host.catalogue(overrides).tools;
  } finally {
    await host.close();
  }
}

/**
 * The least labelled steps per tool in each split: train's from the sim proposer's rule (optimizer/proposers/sim/recurring.ts),
 * test's, and paraphrase's when the suite has that split, from the interval a held-out change is reported with.
 */
function stepMinimum({ suite }: LoadedSuite): StepMinimum {
  const heldOut = heldOutStepsToShowChange();
  return { train: RECURRING_TASKS, test: heldOut, ...(suite.tasks.some((t) => t.split === 'paraphrase') ? { paraphrase: heldOut } : {}) };
}
