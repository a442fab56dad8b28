import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { SUITE_GENERATE_OPTIONS, type SuiteGenerateFlags } from '../tables/suite-generate.ts';

export function registerSuite(program: Command): void {
  const suite = program.command('suite').description('draft and check suites');
  const draft = suite
    .command('draft')
    .description("write a draft suite for the author to review: with --generate, requests a model writes from each tool's name and input schema");
  addTable(draft, SUITE_GENERATE_OPTIONS);
  draft
    .argument(
      '[command...]',
      'with --server, the command that starts the server over stdio, after -- (tdo suite draft --generate 5 --model M --server calc -- node server.js)',
    )
    .action(async (command: string[], flags: SuiteGenerateFlags) => {
      const { suiteGenerateCommand } = await import('../actions/suite-generate.ts');
      await suiteGenerateCommand(command, flags);
    });
}
