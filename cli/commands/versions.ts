import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { VERSIONS_OPTIONS, type VersionsFlags } from '../tables/versions.ts';

export function registerVersions(program: Command): void {
  const command = program
    .command('versions')
    .description('list description versions with lineage, tokens and the latest measured success, first-choice share and used-server share');
  addTable(command, VERSIONS_OPTIONS);
  command.action(async (flags: VersionsFlags) => {
    const { versionsCommand } = await import('../actions/versions.ts');
    await versionsCommand(flags);
  });
}
