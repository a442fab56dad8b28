import type { Command } from 'commander';
import { DEMO_DEFAULTS } from '../../experiments/index.ts';
import { agentSpec, nonNegativeInt, positiveInt, searchAgentOptions, sharedOption, storeOptions, type SearchFlags, type TdoCommand } from '../options.ts';

export interface DemoFlags extends SearchFlags {
  budget: number;
  seed: number;
  repeat: number;
  concurrency: number;
  out?: string;
}

export function registerDemo(program: TdoCommand): void {
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
    .option('--seed <n>', 'one seed for both searches and the experiment (docs/market.md, "The demo": why 2)', nonNegativeInt, DEMO_DEFAULTS.seed)
    .option('--repeat <n>', 'experiment repeats per test task', positiveInt, DEMO_DEFAULTS.repeats)
    .option('--concurrency <n>', 'episodes in flight', positiveInt, DEMO_DEFAULTS.concurrency)
    .option('--agent <kind>', 'sim (offline selection model), sim:PERSONA (`tdo agents` lists them) or llm', agentSpec, 'sim')
    .addOptions(
      searchAgentOptions({
        agents:
          'instead of --agent: sim, sim:PERSONA or llm:MODEL, comma-separated (e.g. sim:qwen2-5-32b,sim:qwen2-5-0-5b); each evaluates every candidate of both searches, and every row is measured and reported per agent',
        objective: "with --agents, what the searches' winners maximize: mean (the agents' mean validation score) or worst (the worst agent's); default mean",
      }),
    )
    .option('--out <dir>', 'where the experiment reports go (default reports/demo-overconfident-<time>)')
    .addOption(sharedOption.queue())
    .addOptions(storeOptions())
    .addOption(sharedOption.json('print one JSON object instead of the diff and table'))
    .action(async (name: string, flags: DemoFlags, command: Command) => {
      const { demoCommand } = await import('../actions/demo.ts');
      await demoCommand(name, flags, command);
    });
}
