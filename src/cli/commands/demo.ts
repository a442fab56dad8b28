import type { Command } from 'commander';
import { DEMO_DEFAULTS } from '../../../experiments/demo/defaults.ts';
import {
  agentList,
  agentSpec,
  choice,
  nonNegativeInt,
  positiveInt,
  rateLimitOption,
  sharedOption,
  type AgentListEntry,
  type AgentSpec,
  type JsonFlag,
  type StoreFlags,
} from '../options.ts';
import type { RateLimitFlags } from '../rate-limits.ts';

export interface DemoFlags extends RateLimitFlags, StoreFlags, JsonFlag {
  budget: number;
  seed: number;
  repeat: number;
  concurrency: number;
  agent: AgentSpec;
  /** --agents: both searches evaluate every candidate with each, and the experiment measures every row with each */
  agents?: AgentListEntry[];
  objective?: 'mean' | 'worst';
  model?: string;
  proposer: 'sim' | 'llm';
  proposerModel?: string;
  /** false with --no-cache */
  cache: boolean;
  out?: string;
  /** --queue: run the episodes on `tdo worker` processes through this Redis */
  queue?: string;
}

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description("demonstrations measured live; `overconfident`: the market's mega-depot from an honest description, optimized for selection and for success")
    .argument('<name>', 'overconfident')
    .option(
      '--budget <n>',
      'metric calls for each of the two optimize runs; with --agents, per agent (each search spends budget x agents)',
      positiveInt,
      DEMO_DEFAULTS.budget,
    )
    .option('--seed <n>', 'one seed for both searches and the experiment (README, "The demo": why 2)', nonNegativeInt, DEMO_DEFAULTS.seed)
    .option('--repeat <n>', 'experiment repeats per test task', positiveInt, DEMO_DEFAULTS.repeats)
    .option('--concurrency <n>', 'episodes in flight', positiveInt, DEMO_DEFAULTS.concurrency)
    .option('--agent <kind>', 'sim (offline selection model), sim:PERSONA (`tdo agents` lists them) or llm', agentSpec, 'sim')
    .option(
      '--agents <list>',
      'instead of --agent: sim, sim:PERSONA or llm:MODEL, comma-separated (e.g. sim:qwen2-5-32b,sim:qwen2-5-0-5b); each evaluates every candidate of both searches, and every row is measured and reported per agent',
      agentList,
    )
    .option(
      '--objective <how>',
      "with --agents, what the searches' winners maximize: mean (the agents' mean validation score) or worst (the worst agent's); default mean",
      choice(['mean', 'worst'] as const),
    )
    .option('--model <name>', 'model for --agent llm (and --proposer llm unless --proposer-model is given)')
    .option('--proposer <kind>', 'sim (random objective-agnostic edits) or llm (reflection prompt)', choice(['sim', 'llm'] as const), 'sim')
    .option('--proposer-model <name>', 'model for --proposer llm')
    .addOption(rateLimitOption('rpm'))
    .addOption(rateLimitOption('tpm'))
    .option(
      '--no-cache',
      'for llm agents and proposers: send every request to the endpoint instead of replaying stored answers (fresh answers are still stored)',
    )
    .option('--out <dir>', 'where the experiment reports go (default reports/demo-overconfident-<time>)')
    .option('--queue <url>', 'run the episodes on `tdo worker` processes through this Redis queue (redis://HOST:PORT[/DB]); this process records them')
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .addOption(sharedOption.json('print one JSON object instead of the diff and table'))
    .action(async (name: string, flags: DemoFlags, command: Command) => {
      const { demoCommand } = await import('../actions/demo.ts');
      await demoCommand(name, flags, command);
    });
}
