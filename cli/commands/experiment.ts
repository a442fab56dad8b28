import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { EXPERIMENT_OPTIONS, type ExperimentFlags } from '../tables/experiment.ts';

export function registerExperiment(program: Command): void {
  const command = program
    .command('experiment')
    .description(
      "run description versions on the test split (and a suite's paraphrase split beside it), N repeats each, and write report.md/.json/.html; exit 1 when a version regresses against the first on test, 2 on a config error, when more episodes errored (model endpoint, MCP server) than --max-error-rate allows, or when a run judged none",
    );
  addTable(command, EXPERIMENT_OPTIONS);
  command.action(async (flags: ExperimentFlags, command: Command) => {
    // Loaded on use, like `tdo run`: `tdo serve` must start fast.
    const { experimentCommand } = await import('../actions/experiment.ts');
    await experimentCommand(flags, command);
  });
}
