import type { Command } from 'commander';
import {
  choice,
  isoDate,
  positiveInt,
  searchAgentOptions,
  sharedOption,
  spendCapOptions,
  storeOptions,
  type SearchFlags,
  type TdoCommand,
} from '../options.ts';
import type { SpendCapFlags } from '../model-clients.ts';
import { TARGET_NAMES } from '../../optimizer/index.ts';
import type { LangfuseQueryFlags } from './traces-langfuse.ts';

export interface OptimizeFlags extends LangfuseQueryFlags, SearchFlags, SpendCapFlags {
  /** --dry-run: print the estimate and stop before any model endpoint is reached */
  dryRun?: boolean;
  target: 'success' | 'selection' | 'feedback';
  suite?: string;
  server?: string;
  budget: number;
  minibatch: number;
  parallelIterations: number;
  merge?: boolean;
  seed: number;
  components: 'attribution' | 'round-robin';
  patience?: number;
  stopFile?: string;
  concurrency: number;
  condition: Record<string, string>;
  traces?: 'langfuse';
  resume?: string;
  /** --gate: the honesty gate under --target selection too */
  gate?: boolean;
  /** --allow-flags: no honesty gate under --target success or feedback */
  allowFlags?: boolean;
}

/** Finishes in well under a minute with the sim agent and proposer on the lab suite. */
export const DEFAULT_BUDGET = 300;

export function registerOptimize(program: TdoCommand): void {
  program
    .command('optimize')
    .description('search for better tool descriptions of one server (GEPA-style) and save the winner as a description version')
    .option(
      '--target <target>',
      "what to optimize: success, selection (the first-choice share: the share of the agent's first choices, before any fallback, that go to the server) or feedback (LLM agent only)",
      choice(TARGET_NAMES),
      'success',
    )
    .addOption(sharedOption.suite())
    .option('--server <name>', "the suite server whose descriptions are optimized (default: the suite's target)")
    .option('--budget <n>', 'metric calls (task episodes) the search may spend', positiveInt, DEFAULT_BUDGET)
    .addOption(sharedOption.agent())
    .addOptions(
      searchAgentOptions({
        agents:
          'several agents that each evaluate every candidate, instead of --agent: sim, sim:PERSONA or llm:MODEL, comma-separated (e.g. sim:qwen2-5-32b,sim:qwen2-5-0-5b); the budget counts every episode of every agent',
        objective: "with --agents, what the winner maximizes: mean (the agents' mean validation score) or worst (the worst agent's); default mean",
      }),
    )
    .option('--minibatch <n>', 'train tasks per iteration', positiveInt, 3)
    .option(
      '--parallel-iterations <n>',
      "mutations tried at once, each from the pool as their round began: keeps --concurrency's slots full against a slow model; changes the search (later mutations of a round do not see earlier ones' children), the same for the same seed and n",
      positiveInt,
      1,
    )
    .option('--merge', 'also merge Pareto candidates from different lineages')
    .addOption(sharedOption.seed('search seed (minibatches, parent draws, sim edits and episode seeds derive from it)'))
    .option(
      '--components <how>',
      'which descriptions to rewrite per iteration: attribution (those implicated in failures) or round-robin',
      choice(['attribution', 'round-robin'] as const),
      'attribution',
    )
    .option('--patience <k>', 'stop after k iterations without a new best', positiveInt)
    .option('--stop-file <path>', 'stop cleanly (and save) once this file exists')
    .addOption(sharedOption.concurrency('episodes in flight at once, over every evaluation of the search'))
    .addOption(sharedOption.condition("suite conditions, e.g. limit_in=token (repeatable; the suite's defaults fill the rest)"))
    .option(
      '--traces <source>',
      "reflect first on the seed's episodes recorded elsewhere: langfuse (imports them; needs --session and/or --since)",
      choice(['langfuse'] as const),
    )
    .option('--session <runId>', 'with --traces langfuse: the episodes of this run (its Langfuse session)')
    .option('--since <date>', 'with --traces langfuse: episodes that started at or after this date (ISO 8601)', isoDate)
    .option(
      '--allow-flags',
      'turn the honesty gate off: candidates that gain a lint warning or error (task-word lists, copied output, dropped limits, inflated claims, ...) are then run like any other (the gate is on by default under --target success and feedback)',
    )
    .option('--gate', 'turn the honesty gate on under --target selection, where it is off by default')
    .option('--resume <runId>', 'continue an interrupted optimize run with its own settings')
    .addOptions(spendCapOptions())
    .option(
      '--dry-run',
      "print the estimate of the search's agent and proposer calls, tokens and cost (the suite's servers are started to count the catalogue) and stop before any model endpoint is reached",
    )
    .addOption(sharedOption.queue())
    .addOptions(storeOptions())
    .addOption(sharedOption.json())
    .action(async (flags: OptimizeFlags, command: Command) => {
      // Loaded on use, like `tdo run`: `tdo serve` must start fast.
      const { optimizeCommand } = await import('../actions/optimize.ts');
      await optimizeCommand(flags, command);
    });
}
