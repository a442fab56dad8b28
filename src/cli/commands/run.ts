import type { Command } from 'commander';
import type { RunOptions } from '../../run/run-suite.ts';
import {
  agentSpec,
  choice,
  commaList,
  conditionList,
  MAX_ERROR_RATE_HELP,
  nonNegativeInt,
  positiveInt,
  rateLimitOption,
  share,
  type AgentSpec,
} from '../options.ts';
import type { RateLimitFlags } from '../rate-limits.ts';

export interface RunFlags extends RateLimitFlags {
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
  db?: string;
  json?: boolean;
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
    .option('--suite <name|path>', 'a shipped suite (lab) or a suite file (.yaml/.json)')
    .option(
      '--agent <kind>',
      'sim (offline selection model), sim:PERSONA (fitted to one real model; `tdo agents` lists them) or llm (OpenAI-compatible endpoint)',
      agentSpec,
      'sim',
    )
    .option('--model <name>', 'model name for --agent llm (endpoint from OPENAI_BASE_URL, key from OPENAI_API_KEY)')
    .option('--version <id>', 'description version to substitute (repeatable or comma-separated, one per server)', commaList, [])
    // the suite schema's SPLITS plus all, written out: this file loads with every command and must stay light
    .option('--split <split>', 'train, val, test, paraphrase or all (every task)', choice(['train', 'val', 'test', 'paraphrase', 'all'] as const), 'all')
    .option('--repeat <n>', 'attempts per task', positiveInt, 1)
    .option('--seed <n>', 'run seed (sim choices and episode seeds derive from it)', nonNegativeInt, 0)
    .option('--concurrency <n>', 'episodes in flight', positiveInt, 4)
    .option('--max-steps <n>', 'model calls per episode for --agent llm', positiveInt)
    .addOption(rateLimitOption('rpm'))
    .addOption(rateLimitOption('tpm'))
    .option(
      '--no-cache',
      'for llm agents and proposers: send every request to the endpoint instead of replaying stored answers (fresh answers are still stored)',
    )
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--json', 'print one JSON object instead of tables')
    .option('--resume <runId>', 'continue an interrupted run with its own settings, skipping finished episodes')
    .option(
      '--condition <name=value,...>',
      "suite conditions, e.g. limit_in=token,injection=on (repeatable; the suite's defaults fill the rest)",
      conditionList,
      {},
    )
    .option('--max-error-rate <x>', MAX_ERROR_RATE_HELP, share, 0)
    .option('--queue <url>', 'run the episodes on `tdo worker` processes through this Redis queue (redis://HOST:PORT[/DB]); this process records them')
    .action(async (flags: RunFlags, command: Command) => {
      // Loaded on use: the trace store and agents are heavy, and `tdo serve` must start fast.
      const { runCommand } = await import('../actions/run.ts');
      await runCommand(flags, command);
    });
}
