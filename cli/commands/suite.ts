import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { SUITE_CHECK_OPTIONS, type SuiteCheckFlags } from '../tables/suite-check.ts';

export function registerSuite(program: Command): void {
  const suite = program.command('suite').description('work on a suite file: check it before any run');

  const check = suite
    .command('check')
    .description(
      "the suite check on its own, without a run: starts the suite's servers to list their tools, then prints the check `tdo run` prints, the wording overlap and each tool's balance, with the tasks to add",
    );
  addTable(check, SUITE_CHECK_OPTIONS);
  check.action(async (flags: SuiteCheckFlags) => {
    const { suiteCheckCommand } = await import('../actions/suite-check.ts');
    await suiteCheckCommand(flags, check);
  });
}
