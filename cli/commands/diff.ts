import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { DIFF_OPTIONS, type DiffFlags } from '../tables/diff.ts';

export function registerDiff(program: Command): void {
  const command = program
    .command('diff')
    .description(
      'compare two description versions (or descriptions files): word diff per tool, tokens, measured rates, lint flags gained and lost (B linted with A as its parent, so a dropped limit is named)',
    )
    .argument('<a>', 'version id (or unique prefix) or descriptions file')
    .argument('<b>', 'version id (or unique prefix) or descriptions file');
  addTable(command, DIFF_OPTIONS);
  command.action(async (a: string, b: string, flags: DiffFlags, self: Command) => {
    const { diffCommand } = await import('../actions/diff.ts');
    await diffCommand(a, b, flags, self);
  });
}
