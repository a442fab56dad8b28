import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { LINT_OPTIONS, type LintFlags } from '../tables/lint.ts';

export function registerLint(program: Command): void {
  const command = program
    .command('lint')
    .description(
      'flag inflated claims, instructions aimed at the model, task-word lists, copied tool output, limits dropped since the parent version, missing purpose or guidance, and excessive length; exit 1 on any error or warning',
    )
    .argument('<ref>', 'version id (or unique prefix) or descriptions file');
  addTable(command, LINT_OPTIONS);
  command.action(async (ref: string, flags: LintFlags) => {
    const { lintCommand } = await import('../actions/lint.ts');
    await lintCommand(ref, flags);
  });
}
