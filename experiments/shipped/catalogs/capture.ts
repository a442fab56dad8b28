/**
 * Captures an npm MCP server's tools/list into experiments/shipped/catalogs/NAME.json, the file `tdo serve catalog`
 * serves to selection-only suites: `npx tsx experiments/shipped/catalogs/capture.ts NAME PACKAGE BIN [KEY=VALUE ...]`
 * starts node_modules/PACKAGE/BIN over stdio with the official MCP client, in a fresh temporary directory (also
 * given as TDO_CAPTURE_DIR to the KEY=VALUE environment, for servers that keep state in a file), and records
 * the package's installed version beside the tools.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [name, pkg, bin, ...settings] = process.argv.slice(2);
if (name === undefined || pkg === undefined || bin === undefined) throw new Error('usage: capture.ts NAME PACKAGE BIN [KEY=VALUE ...]');
const root = new URL('../../../', import.meta.url).pathname;
// the captured catalogue goes beside this script, where the suites name it
const catalogs = fileURLToPath(new URL('.', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tdo-capture-'));
const env = Object.fromEntries(settings.map((s) => s.split('=', 2).map((part) => part.replaceAll('TDO_CAPTURE_DIR', dir)) as [string, string]));
const version = (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
const client = new Client({ name: 'tdo-capture', version: '1' });
try {
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(root, 'node_modules', pkg, bin)],
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
    }),
  );
  const { tools } = await client.listTools();
  writeFileSync(join(catalogs, `${name}.json`), `${JSON.stringify({ name, version, tools }, null, 2)}\n`);
  console.log(`captured ${tools.length} tools of ${pkg} ${version} into experiments/shipped/catalogs/${name}.json`);
} finally {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
}
