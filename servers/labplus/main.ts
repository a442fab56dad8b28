import { loadDescriptions } from '../common/descriptions.ts';
import { isEntryPoint, runServerMain, serverMainSpec } from '../common/main.ts';
import { DEFAULT_DESCRIPTIONS } from '../shipped-files.ts';
import { createLabplusServerFactory, LABPLUS_TOOL_NAMES } from './server.ts';

const USAGE = `usage: labplus [--http] [--port N] [--descriptions FILE]
  stdio by default; --http serves http://127.0.0.1:N/mcp (default port 8001, 0 picks a free one)
  --descriptions  JSON {toolName: description} (env TDO_LABPLUS_DESCRIPTIONS; default servers/labplus/descriptions.json)`;

/** How `labplus` starts; `tdo serve labplus` runs the same spec. */
export const labplusServerMain = serverMainSpec({
  name: 'labplus',
  defaultPort: 8001,
  stringOptions: ['descriptions'],
  env: { descriptions: 'TDO_LABPLUS_DESCRIPTIONS' },
  usage: USAGE,
  async createFactory(flags) {
    const descriptionsFile = flags.descriptions ?? DEFAULT_DESCRIPTIONS.labplus;
    const descriptions = await loadDescriptions(descriptionsFile, LABPLUS_TOOL_NAMES);
    return createLabplusServerFactory({ descriptions });
  },
});

if (isEntryPoint(import.meta.url)) await runServerMain(labplusServerMain);
