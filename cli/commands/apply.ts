import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { APPLY_OPTIONS, type ApplyFlags } from '../tables/apply.ts';

export function registerApply(program: Command): void {
  const command = program
    .command('apply')
    .description(
      'write a description version to the file its server loads at start (or to --out FILE); for a server with its descriptions in its code, print the tdo proxy command that serves the version',
    )
    .argument('<version>', 'version id (or a unique prefix)');
  addTable(command, APPLY_OPTIONS);
  command.action(async (ref: string, flags: ApplyFlags) => {
    const { applyCommand } = await import('../actions/apply.ts');
    await applyCommand(ref, flags);
  });
}
