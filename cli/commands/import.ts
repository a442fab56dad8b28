import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { IMPORT_OPTIONS, type ImportFlags } from '../tables/import.ts';

export function registerImport(program: Command): void {
  const command = program
    .command('import')
    .description('record a hand-edited descriptions file ({"tool": "description"}) as a version of a server')
    .argument('<file>', 'JSON object: tool name -> non-empty description');
  addTable(command, IMPORT_OPTIONS);
  command.action(async (file: string, flags: ImportFlags) => {
    const { importCommand } = await import('../actions/import.ts');
    await importCommand(file, flags);
  });
}
