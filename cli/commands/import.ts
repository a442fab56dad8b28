import { sharedOption, storeOptions, type JsonFlag, type StoreFlags, type TdoCommand } from '../options.ts';

export function registerImport(program: TdoCommand): void {
  program
    .command('import')
    .description('record a hand-edited descriptions file ({"tool": "description"}) as a version of a server')
    .argument('<file>', 'JSON object: tool name -> non-empty description')
    .requiredOption('--server <name>', 'the server the descriptions are for (as the suite names it)')
    .option('--parent <version>', 'the version it was edited from (default: the stored version it shares most text with)')
    .option('--new-server', 'the server has no versions yet (no run has connected it): record the file as its first version')
    .addOptions(storeOptions())
    .addOption(sharedOption.json())
    .action(async (file: string, flags: { server: string; parent?: string; newServer?: boolean } & StoreFlags & JsonFlag) => {
      const { withStore } = await import('../context.ts');
      const { dbFlag } = await import('../database-path.ts');
      const { toJsonText } = await import('../../src/index.ts');
      const { importVersion } = await (await import('../../experiments/index.ts')).loadVersionImport();
      await withStore(flags, { mode: 'write' }, ({ store }) => {
        const result = importVersion(store, file, flags.server, { parent: flags.parent, newServer: flags.newServer === true });
        if (flags.json) {
          process.stdout.write(
            toJsonText({
              id: result.version.id,
              server: result.version.server,
              created: result.created,
              parent: result.parent,
              missing: result.missing,
              tokens: result.version.tokens,
            }),
          );
          return;
        }
        const v = result.version;
        const lines = result.created
          ? [`imported ${v.id} (server ${v.server}, ${Object.keys(v.descriptions).length} tools, ${v.tokens} tokens)`]
          : [`already stored as ${v.id} (origin ${v.origin}); nothing new recorded`];
        if (result.parent !== null)
          lines.push(
            `  parent ${result.parent.id}${result.parent.chosen === 'closest' ? ' (the stored version closest to the file; set it with --parent)' : ''}`,
          );
        if (result.missing.length > 0) lines.push(`  not described: ${result.missing.join(', ')} (they keep the server's own text)`);
        if (result.created)
          lines.push(`  next: \`tdo lint ${v.id}${dbFlag(store.path)}\`, \`tdo experiment --suite SUITE --version BASELINE,${v.id}${dbFlag(store.path)}\``);
        process.stdout.write(`${lines.join('\n')}\n`);
      });
    });
}
