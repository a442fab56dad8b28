import type { Command } from 'commander';
import type { RunOptions } from '../../run/run-suite.ts';
import {
  choice,
  conditionList,
  MAX_ERROR_RATE_HELP,
  positiveInt,
  rateLimitOption,
  share,
  sharedOption,
  type AgentSpec,
  type JsonFlag,
  type StoreFlags,
} from '../options.ts';
import type { RateLimitFlags } from '../rate-limits.ts';

export interface RunFlags extends RateLimitFlags, StoreFlags, JsonFlag {
  suite?: string;
  agent: AgentSpec;
  model?: string;
  version: string[];
  split: RunOptions['split'];
  repeat: number;
  seed: number;
  concurrency: number;
  maxSteps?: number;
  /** false with --no-cache */
  cache: boolean;
  resume?: string;
  condition: Record<string, string>;
  maxErrorRate: number;
  /** redis://HOST:PORT[/DB]: run the episodes on `tdo worker`s instead of in this process */
  queue?: string;
}

export function registerRun(program: Command): void {
  program
    .command('run')
    .description('run a task suite with an agent and record every model call and tool call')
    .addOption(sharedOption.suite())
    .addOption(sharedOption.agent())
    .addOption(sharedOption.model())
    .addOption(sharedOption.version('description version to substitute (repeatable or comma-separated, one per server)'))
    // the suite schema's SPLITS plus all, written out: this file loads with every command and must stay light
    .option('--split <split>', 'train, val, test, paraphrase or all (every task)', choice(['train', 'val', 'test', 'paraphrase', 'all'] as const), 'all')
    .option('--repeat <n>', 'attempts per task', positiveInt, 1)
    .addOption(sharedOption.seed())
    .addOption(sharedOption.concurrency())
    .option('--max-steps <n>', 'model calls per episode for --agent llm', positiveInt)
    .addOption(rateLimitOption('rpm'))
    .addOption(rateLimitOption('tpm'))
    .option(
      '--no-cache',
      'for llm agents and proposers: send every request to the endpoint instead of replaying stored answers (fresh answers are still stored)',
    )
    .addOption(sharedOption.json())
    .option('--resume <runId>', 'continue an interrupted run with its own settings, skipping finished episodes')
    .option(
      '--condition <name=value,...>',
      "suite conditions, e.g. limit_in=token,injection=on (repeatable; the suite's defaults fill the rest)",
      conditionList,
      {},
    )
    .option('--max-error-rate <x>', MAX_ERROR_RATE_HELP, share, 0)
    .option('--queue <url>', 'run the episodes on `tdo worker` processes through this Redis queue (redis://HOST:PORT[/DB]); this process records them')
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .action(async (flags: RunFlags, command: Command) => {
      // Loaded on use: the trace store and agents are heavy, and `tdo serve` must start fast.
      const { runCommand } = await import('../actions/run.ts');
      await runCommand(flags, command);
    });
}
