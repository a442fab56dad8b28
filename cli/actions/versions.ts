// `tdo versions`: the stored description versions with their lineage and latest measurements.
import { toJsonText } from '../../src/index.ts';
import { listVersionEntries, renderVersionListing, versionEntryJson } from '../../experiments/index.ts';
import { withStore } from '../context.ts';
import type { VersionsFlags } from '../tables/versions.ts';

export async function versionsCommand(flags: VersionsFlags): Promise<void> {
  await withStore(flags, { mode: 'read' }, ({ store }) => {
    const entries = listVersionEntries(store, flags.server);
    process.stdout.write(flags.json ? toJsonText(entries.map(versionEntryJson), 2) : renderVersionListing(entries));
  });
}
