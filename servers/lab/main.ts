import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadDescriptions } from '../common/descriptions.ts';
import { isEntryPoint, runServerMain, serverMainSpec } from '../common/main.ts';
import { StartupError } from '../common/startup-error.ts';
import { DEFAULT_DESCRIPTIONS } from '../shipped-files.ts';
import { createLabServerFactory, LAB_TOOL_NAMES } from './server.ts';

const DEFAULT_WORKSPACE = fileURLToPath(new URL('./workspace', import.meta.url));

const USAGE = `usage: lab [--http] [--port N] [--workspace DIR] [--descriptions FILE]
  stdio by default; --http serves http://127.0.0.1:N/mcp (default port 8000, 0 picks a free one)
  --workspace     directory read_file may read (env TDO_LAB_WORKSPACE; default servers/lab/workspace)
  --descriptions  JSON {toolName: description} (env TDO_LAB_DESCRIPTIONS; default servers/lab/descriptions.json)`;

async function requireDirectory(dir: string): Promise<void> {
  const stats = await stat(dir).catch(() => undefined);
  if (!stats?.isDirectory()) throw new StartupError(`workspace ${dir} is not a directory`);
}

/** How `lab` starts; `tdo serve lab` runs the same spec. */
export const labServerMain = serverMainSpec({
  name: 'lab',
  defaultPort: 8000,
  stringOptions: ['workspace', 'descriptions'],
  env: { workspace: 'TDO_LAB_WORKSPACE', descriptions: 'TDO_LAB_DESCRIPTIONS' },
  usage: USAGE,
  async createFactory(flags) {
    const workspaceDir = flags.workspace ?? DEFAULT_WORKSPACE;
    const descriptionsFile = flags.descriptions ?? DEFAULT_DESCRIPTIONS.lab;
    await requireDirectory(workspaceDir);
    const descriptions = await loadDescriptions(descriptionsFile, LAB_TOOL_NAMES);
    return createLabServerFactory({ workspaceDir, descriptions });
  },
});

if (isEntryPoint(import.meta.url)) await runServerMain(labServerMain);
