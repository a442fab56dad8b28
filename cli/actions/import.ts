// `tdo import`: records a hand-edited descriptions file as a version of a server.
import { boundedList, toJsonText } from '../../src/index.ts';
import { loadVersionImport } from '../../experiments/index.ts';
import { withStore } from '../context.ts';
import { dbFlag } from '../database-path.ts';
import type { ImportFlags } from '../tables/import.ts';

export async function importCommand(file: string, flags: ImportFlags): Promise<void> {
  const { importVersion, readVersionFile } = await loadVersionImport();
  // the file is read first: one it refuses leaves no database behind
  await withStore(flags, { mode: 'write', check: () => readVersionFile(file) }, ({ store }, read) => {
    const result = importVersion(store, read, flags.server, { parent: flags.parent, newServer: flags.newServer === true });
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
      lines.push(`  parent ${result.parent.id}${result.parent.chosen === 'closest' ? ' (the stored version closest to the file; set it with --parent)' : ''}`);
    if (result.missing.length > 0) lines.push(`  not described: ${boundedList(result.missing)} (they keep the server's own text)`);
    if (result.created)
      lines.push(`  next: \`tdo lint ${v.id}${dbFlag(store.path)}\`, \`tdo experiment --suite SUITE --version BASELINE,${v.id}${dbFlag(store.path)}\``);
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}
