import type { Command } from 'commander';
import { sharedOption, type JsonFlag, type StoreFlags } from '../options.ts';

export function registerVersions(program: Command): void {
  program
    .command('versions')
    .description('list description versions with lineage, tokens and the latest measured success, first-choice share and used-server share')
    .option('--server <name>', 'only versions of this server')
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .addOption(sharedOption.json())
    .action(async (flags: { server?: string } & StoreFlags & JsonFlag) => {
      const { withStore } = await import('../context.ts');
      const { toJsonText } = await import('../../src/index.ts');
      const { listVersionEntries } = await import('../../experiments/index.ts');
      const { renderVersionListing } = await import('../../experiments/index.ts');
      await withStore(flags, { mode: 'read' }, ({ store }) => {
        const entries = listVersionEntries(store, flags.server);
        process.stdout.write(flags.json ? toJsonText(entries, 2) : renderVersionListing(entries));
      });
    });
}
