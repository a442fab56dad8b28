import type { Command } from 'commander';
import type { RunOptions } from '../../src/run/run-suite.ts';
import {
  choice,
  modelClientOptions,
  positiveInt,
  sharedOption,
  spendCapOptions,
  storeOptions,
  type AgentSpec,
  type EpisodeCommandFlags,
  type TdoCommand,
  type ToolSearchFlags,
} from '../options.ts';
import type { SpendCapFlags } from '../model-clients.ts';

export interface RunFlags extends EpisodeCommandFlags, ToolSearchFlags, SpendCapFlags {
  suite?: string;
  agent: AgentSpec;
  model?: string;
  version: string[];
  split: RunOptions['split'];
  repeat: number;
  seed: number;
  concurrency: number;
  maxSteps?: number;
  resume?: string;
  condition: Record<string, string>;
  maxErrorRate: number;
}

export function registerRun(program: TdoCommand): void {
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
    .addOption(sharedOption.maxSteps())
    .addOption(sharedOption.toolSearch())
    .addOption(sharedOption.toolSearchK())
    .addOptions(modelClientOptions())
    .addOptions(spendCapOptions())
    .addOption(sharedOption.json())
    .option('--resume <runId>', 'continue an interrupted run with its own settings, skipping finished episodes')
    .addOption(sharedOption.condition("suite conditions, e.g. limit_in=token,injection=on (repeatable; the suite's defaults fill the rest)"))
    .addOption(sharedOption.maxErrorRate())
    .addOption(sharedOption.queue())
    .addOptions(storeOptions())
    .action(async (flags: RunFlags, command: Command) => {
      // Loaded on use: the trace store and agents are heavy, and `tdo serve` must start fast.
      const { runCommand } = await import('../actions/run.ts');
      await runCommand(flags, command);
    });
}
