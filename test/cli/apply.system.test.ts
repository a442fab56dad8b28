// Shipping a version of a server whose descriptions live in its code: `tdo apply` prints the `tdo proxy`
// command, and a real MCP client (the official SDK over stdio) started on that exact command sees the
// version's descriptions while its calls still reach the real server (server-filesystem from npm).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';
import { FILESYSTEM_SERVER, filesystemWorkspace } from '../support/third-party-servers.ts';

const SERVED = {
  list_directory: 'List the files and folders directly inside one folder of the project, each marked [FILE] or [DIR].',
  read_text_file: 'Read one text file of the project and return its contents; use list_directory first when you do not know the name.',
};

async function listedThrough(command: string[]) {
  const client = new Client({ name: 'ship-test-host', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: command[0]!, args: command.slice(1), stderr: 'ignore' }));
  try {
    const { tools } = await client.listTools();
    return { client, tools };
  } catch (err) {
    await client.close();
    throw err;
  }
}

describe('tdo apply for a server whose descriptions are in its code', () => {
  it('prints the tdo proxy command, which serves the version to a real client while calls reach the server', async () => {
    const workspace = filesystemWorkspace();
    const dir = mkdtempSync(join(tmpdir(), 'tdo-apply-proxy-'));
    const db = join(dir, 'tdo.db');
    const suite = join(dir, 'files.yaml');
    writeFileSync(
      suite,
      `name: files\nsystemPrompt: You work in one project folder.\nservers:\n  - name: files\n    command: '\${NODE}'\n    args: ['${FILESYSTEM_SERVER}', '${workspace}']\n    env: { FILES_MODE: strict }\n` +
        `tasks:\n  - id: t\n    split: test\n    prompt: Which files are there?\n    plan: [{ intent: list the folder, args: { path: '${workspace}' }, tools: [list_directory] }]\n    check: { kind: selection }\n    stopAfterToolCall: true\n`,
    );
    const store = openTraceStore(db);
    const version = store.recordVersion({ server: 'files', descriptions: SERVED, origin: 'manual' });
    store.close();

    const text = await tdo(['apply', version.id, '--suite', suite, '--db', db]);
    expect([text.code, text.stderr]).toEqual([0, '']);
    expect(text.stdout).toContain(`tdo wrote no file for version ${version.id} (server files, 2 tools): server "files" in ${suite} is started as`);
    expect(text.stdout).toContain("have your MCP host start tdo proxy in the server's place");
    expect(text.stdout).toContain("The server's spec sets FILES_MODE for it; set it in the host's entry as well");
    expect(text.stdout).toContain(`tdo apply ${version.id} --db ${db} --out FILE`);

    const json = await tdo(['apply', version.id, '--suite', suite, '--db', db, '--json']);
    const route = JSON.parse(json.stdout) as { route: string; command: string[]; env: string[] };
    expect(route).toMatchObject({ route: 'proxy', env: ['FILES_MODE'] });
    expect(route.command.slice(2, 9)).toEqual(['proxy', '--name', 'files', '--version', version.id, '--db', db]);
    expect(route.command.slice(9)).toEqual(['--', process.execPath, FILESYSTEM_SERVER, workspace]);
    expect(text.stdout).toContain(`\n  ${route.command.join(' ')}\n`);

    const direct = await listedThrough([process.execPath, FILESYSTEM_SERVER, workspace]);
    await direct.client.close();
    const proxied = await listedThrough(route.command);
    try {
      expect(proxied.tools.map((t) => t.name)).toEqual(direct.tools.map((t) => t.name));
      for (const tool of proxied.tools) {
        const own = direct.tools.find((t) => t.name === tool.name)!;
        expect(tool.description).toBe(SERVED[tool.name as keyof typeof SERVED] ?? own.description);
        expect(tool.inputSchema).toEqual(own.inputSchema);
      }
      const called = await proxied.client.callTool({ name: 'list_directory', arguments: { path: workspace } });
      expect(JSON.stringify(called.content)).toContain('[FILE] notes.txt');
    } finally {
      await proxied.client.close();
    }
    rmSync(workspace, { recursive: true });
  });
});
