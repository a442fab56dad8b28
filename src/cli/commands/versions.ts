import type { Command } from 'commander';

export function registerVersions(program: Command): void {
  program
    .command('versions')
    .description('list description versions with lineage, tokens and the latest measured success, first-choice share and used-server share')
    .option('--server <name>', 'only versions of this server')
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--json', 'print JSON')
    .action(async (flags: { server?: string; db?: string; json?: boolean }) => {
      const { openStoreForReading } = await import('../store.ts');
      const { listVersionEntries } = await import('../../../experiments/versions/listing.ts');
      const { renderVersionListing } = await import('../../../experiments/versions/render-listing.ts');
      const store = openStoreForReading(flags.db);
      try {
        const entries = listVersionEntries(store, flags.server);
        process.stdout.write(flags.json ? `${JSON.stringify(entries, null, 2)}\n` : renderVersionListing(entries));
      } finally {
        store.close();
      }
    });
}
