import { Option, type Command } from 'commander';
import {
  commaList,
  modelClientOptions,
  positiveInt,
  share,
  sharedOption,
  spendCapOptions,
  storeOptions,
  type AgentListEntry,
  type AgentSpec,
  type EpisodeCommandFlags,
  type TdoCommand,
  type ToolSearchFlags,
} from '../options.ts';
import type { SpendCapFlags } from '../model-clients.ts';

export interface ExperimentFlags extends EpisodeCommandFlags, SpendCapFlags, ToolSearchFlags {
  suite: string[];
  version: string[];
  /** the old spelling of --version, hidden */
  versions: string[];
  repeat: number;
  condition: Record<string, string>;
  agent: AgentSpec;
  /** --agents: every version measured with each of these agents */
  agents?: AgentListEntry[];
  model?: string;
  maxSteps?: number;
  seed: number;
  concurrency: number;
  out?: string;
  threshold: number;
  maxErrorRate: number;
}

export function registerExperiment(program: TdoCommand): void {
  program
    .command('experiment')
    .description(
      "run description versions on the test split (and a suite's paraphrase split beside it), N repeats each, and write report.md/.json/.html; exit 1 when a version regresses against the first on test, 2 on a config error, when more episodes errored (model endpoint, MCP server) than --max-error-rate allows, or when a run judged none",
    )
    .addOption(sharedOption.suites())
    .addOption(sharedOption.version('description versions, comma-separated (or the flag repeated); the first is the baseline'))
    .addOption(new Option('--versions <ids>').argParser(commaList).default([]).hideHelp())
    .option('--repeat <n>', 'attempts per task and version (3 by default: one attempt per task rarely separates two versions)', positiveInt, 3)
    .addOption(sharedOption.condition('suite conditions, applied to each suite that declares them'))
    .addOption(sharedOption.agent())
    .addOption(
      sharedOption.agents(
        'measure every version with each of several agents instead of --agent: sim, sim:PERSONA or llm:MODEL, comma-separated; the reports add a versions x agents table',
      ),
    )
    .addOption(sharedOption.model())
    .addOption(sharedOption.maxSteps())
    .addOption(sharedOption.toolSearch())
    .addOption(sharedOption.toolSearchK())
    .addOptions(modelClientOptions())
    .addOptions(spendCapOptions())
    .addOption(sharedOption.seed())
    .addOption(sharedOption.concurrency())
    .option('--out <dir>', 'report directory (default reports/experiment-<time>)')
    .option(
      '--threshold <x>',
      "a version regresses when its success rate is more than X below the first version's with 95% confidence (the upper end of the change's interval below -X)",
      share,
      0,
    )
    .addOption(sharedOption.maxErrorRate())
    .addOptions(storeOptions())
    .addOption(sharedOption.json('print report.json to stdout instead of the summary'))
    .addOption(sharedOption.queue())
    .action(async (flags: ExperimentFlags, command: Command) => {
      // Loaded on use, like `tdo run`: `tdo serve` must start fast.
      const { experimentCommand } = await import('../actions/experiment.ts');
      await experimentCommand(flags, command);
    });
}
