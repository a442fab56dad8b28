import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { SUITE_CHECK_OPTIONS, type SuiteCheckFlags } from '../tables/suite-check.ts';
import { SUITE_DRAFT_OPTIONS, type SuiteDraftFlags } from '../tables/suite-draft.ts';

export function registerSuite(program: Command): void {
  const suite = program.command('suite').description('write and check suites');

  const draft = suite
    .command('draft')
    .description(
      "draft a suite for the author to review: with --from-run, one task per distinct request your agents made, the calls made as its plan; with --generate, requests a model writes from each tool's name and input schema",
    );
  addTable(draft, SUITE_DRAFT_OPTIONS);
  draft
    .argument(
      '[command...]',
      'with --generate and --server, the command that starts the server over stdio, after -- (tdo suite draft --generate 5 --model M --server calc -- node server.js)',
    )
    .action(async (command: string[], flags: SuiteDraftFlags) => {
      const { suiteDraftCommand } = await import('../actions/suite-draft.ts');
      await suiteDraftCommand(command, flags);
    });

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
