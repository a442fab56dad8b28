import { Option, type Command } from 'commander';
import {
  agentList,
  commaList,
  conditionList,
  MAX_ERROR_RATE_HELP,
  positiveInt,
  rateLimitOption,
  share,
  sharedOption,
  type AgentListEntry,
  type AgentSpec,
  type JsonFlag,
  type StoreFlags,
} from '../options.ts';
import type { RateLimitFlags } from '../rate-limits.ts';

export interface ExperimentFlags extends RateLimitFlags, StoreFlags, JsonFlag {
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
  /** false with --no-cache */
  cache: boolean;
  seed: number;
  concurrency: number;
  out?: string;
  threshold: number;
  maxErrorRate: number;
  queue?: string;
}

export function registerExperiment(program: Command): void {
  program
    .command('experiment')
    .description(
      "run description versions on the test split (and a suite's paraphrase split beside it), N repeats each, and write report.md/.json/.html; exit 1 when a version regresses against the first on test, 2 on a config error or when more episodes errored (model endpoint, MCP server) than --max-error-rate allows",
    )
    .addOption(sharedOption.suites())
    .addOption(sharedOption.version('description versions, comma-separated (or the flag repeated); the first is the baseline'))
    .addOption(new Option('--versions <ids>').argParser(commaList).default([]).hideHelp())
    .option('--repeat <n>', 'attempts per task and version (3 by default: one attempt per task rarely separates two versions)', positiveInt, 3)
    .option('--condition <name=value,...>', 'suite conditions, applied to each suite that declares them', conditionList, {})
    .addOption(sharedOption.agent())
    .option(
      '--agents <list>',
      'measure every version with each of several agents instead of --agent: sim, sim:PERSONA or llm:MODEL, comma-separated; the reports add a versions x agents table',
      agentList,
    )
    .addOption(sharedOption.model())
    .option('--max-steps <n>', 'model calls per episode for --agent llm', positiveInt)
    .addOption(rateLimitOption('rpm'))
    .addOption(rateLimitOption('tpm'))
    .option(
      '--no-cache',
      'for llm agents and proposers: send every request to the endpoint instead of replaying stored answers (fresh answers are still stored)',
    )
    .addOption(sharedOption.seed())
    .addOption(sharedOption.concurrency())
    .option('--out <dir>', 'report directory (default reports/experiment-<time>)')
    .option(
      '--threshold <x>',
      "a version regresses when its success rate is more than X below the first version's with 95% confidence (the upper end of the change's interval below -X)",
      share,
      0,
    )
    .option('--max-error-rate <x>', MAX_ERROR_RATE_HELP, share, 0)
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .addOption(sharedOption.json('print report.json to stdout instead of the summary'))
    .option('--queue <url>', 'run the episodes on `tdo worker` processes through this Redis queue (redis://HOST:PORT[/DB]); this process records them')
    .action(async (flags: ExperimentFlags, command: Command) => {
      // Loaded on use, like `tdo run`: `tdo serve` must start fast.
      const { experimentCommand } = await import('../actions/experiment.ts');
      await experimentCommand(flags, command);
    });
}
