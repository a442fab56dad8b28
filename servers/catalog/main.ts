import { loadDescriptions } from '../common/descriptions.ts';
import { isEntryPoint, runServerMain, serverMainSpec } from '../common/main.ts';
import { StartupError } from '../common/startup-error.ts';
import { loadCatalogFile } from './catalog-file.ts';
import { createCatalogServerFactory } from './server.ts';

const USAGE = `usage: catalog --tools FILE [--http] [--port N] [--descriptions FILE]
  serves the tools listed in FILE ({"tools": [{"name", "description", "inputSchema", "result"?}]}, the shape of a
  tools/list answer) so their descriptions can be evaluated without the real server; calls get the canned result
  stdio by default; --http serves http://127.0.0.1:N/mcp (default port 8200, 0 picks a free one)
  --descriptions  JSON {toolName: description} served instead of the file's own descriptions`;

/** How `catalog` starts; `tdo serve catalog FILE` runs the same spec. */
export const catalogServerMain = serverMainSpec({
  name: 'catalog',
  defaultPort: 8200,
  stringOptions: ['tools', 'descriptions'],
  usage: USAGE,
  async createFactory(flags) {
    if (flags.tools === undefined) throw new StartupError('--tools FILE is required');
    const catalog = await loadCatalogFile(flags.tools);
    const names = catalog.tools.map((t) => t.name);
    const descriptions = flags.descriptions === undefined ? undefined : await loadDescriptions(flags.descriptions, names);
    return createCatalogServerFactory({ catalog, ...(descriptions === undefined ? {} : { descriptions }) });
  },
});

if (isEntryPoint(import.meta.url)) await runServerMain(catalogServerMain);
