import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, connectStdio, LAB_MAIN, runToExit, startHttpProcess, textOf, type Connection } from '../mcp-harness.ts';
import { createWorkspaceFixture, NOTES_TEXT, type WorkspaceFixture } from './workspace-fixture.ts';

const SEED_DESCRIPTIONS = JSON.parse(await readFile(new URL('../../../servers/lab/descriptions.json', import.meta.url), 'utf8')) as Record<string, string>;

/** Calls whose answers must not depend on the transport, including bad input the process must survive. */
const CALLS: { name: string; arguments: Record<string, unknown> }[] = [
  { name: 'read_file', arguments: { path: 'notes.txt' } },
  { name: 'calculator', arguments: { expression: '48000 + 9500 + 12000 + 4' } },
  { name: 'unit_convert', arguments: { value: 5, from: 'miles', to: 'km' } },
  { name: 'calculator', arguments: { expression: "require('fs').readFileSync('/etc/passwd')" } },
  { name: 'calculator', arguments: { expression: 'process.exit(1)' } },
  { name: 'calculator', arguments: { expression: "constructor.constructor('return 1')()" } },
  { name: 'calculator', arguments: { expression: '1; rm -rf /' } },
  { name: 'calculator', arguments: { expression: '__proto__' } },
  { name: 'calculator', arguments: { expression: '9**9**9' } },
  { name: 'calculator', arguments: { expression: '2**100000' } },
  { name: 'calculator', arguments: { expression: '10**400' } },
  { name: 'calculator', arguments: { expression: '('.repeat(200) + '1' + ')'.repeat(200) } },
  { name: 'calculator', arguments: { expression: '1+'.repeat(5000) + '1' } },
  { name: 'calculator', arguments: { expression: '1/0' } },
  { name: 'calculator', arguments: { expression: '((1)' } },
  { name: 'calculator', arguments: { expression: '' } },
  { name: 'calculator', arguments: { expression: 12 } },
  { name: 'read_file', arguments: { path: '/etc/passwd' } },
  { name: 'read_file', arguments: { path: 'a/../../x' } },
  { name: 'read_file', arguments: { path: 'escape.txt' } },
  { name: 'read_file', arguments: { path: 'nope.txt' } },
  { name: 'read_file', arguments: { path: ['notes.txt'] } },
  { name: 'unit_convert', arguments: { value: 1, from: 'kg', to: 'km' } },
  { name: 'unit_convert', arguments: { value: 'five', from: 'mi', to: 'km' } },
  // Still alive and answering after all of the above.
  { name: 'calculator', arguments: { expression: '2 + 2' } },
];

async function answers(connection: Connection) {
  const results = [];
  for (const call of CALLS) {
    const result = await connection.client.callTool(call);
    results.push({ call: call.name, text: textOf(result), isError: result.isError === true });
  }
  return results;
}

describe('lab main.ts over stdio and Streamable HTTP', () => {
  let workspace: WorkspaceFixture;
  let stdio: Connection;
  let httpProcess: Awaited<ReturnType<typeof startHttpProcess>>;
  let http: Connection;

  beforeAll(async () => {
    workspace = await createWorkspaceFixture();
    stdio = await connectStdio(LAB_MAIN, ['--workspace', workspace.dir]);
    httpProcess = await startHttpProcess(LAB_MAIN, ['--workspace', workspace.dir]);
    http = await connectHttp(httpProcess.url);
  });
  afterAll(async () => {
    await stdio?.close();
    await http?.close();
    await httpProcess?.stop();
    await workspace?.remove();
  });

  it('negotiates the modern protocol on both transports', () => {
    expect(stdio.client.getProtocolEra()).toBe('modern');
    expect(http.client.getProtocolEra()).toBe('modern');
  });

  it('lists the seed descriptions on both transports', async () => {
    for (const { client } of [stdio, http]) {
      const { tools } = await client.listTools();
      expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.description]))).toEqual(SEED_DESCRIPTIONS);
    }
  });

  it('gives the same answers for the same calls, and survives every bad input', async () => {
    const overStdio = await answers(stdio);
    const overHttp = await answers(http);
    expect(overHttp).toEqual(overStdio);
    expect(overStdio[0]).toEqual({ call: 'read_file', text: NOTES_TEXT, isError: false });
    expect(overStdio[1]).toEqual({ call: 'calculator', text: '69504', isError: false });
    expect(overStdio[2]).toEqual({ call: 'unit_convert', text: '8.04672 km', isError: false });
    expect(overStdio.slice(3, -1).every((answer) => answer.isError)).toBe(true);
    expect(overStdio.at(-1)).toEqual({ call: 'calculator', text: '4', isError: false });
  });

  it('throws ProtocolError for an unknown tool on both transports', async () => {
    for (const { client } of [stdio, http]) {
      await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(ProtocolError);
    }
  });

  it('keeps stdout silent over HTTP and announces exactly one line on stderr', () => {
    expect(httpProcess.stdout()).toBe('');
    expect(httpProcess.stderr()).toBe(`listening ${httpProcess.url}\n`);
  });
});

// Each case spawns its own process, so they run side by side.
describe.concurrent('lab main.ts start-up', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tdo-lab-main-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('advertises the descriptions file given with --descriptions', async () => {
    const file = join(dir, 'v2.json');
    const v2 = { calculator: 'Calculator v2.', read_file: 'Reader v2.', unit_convert: 'Converter v2.' };
    await writeFile(file, JSON.stringify(v2));
    const server = await startHttpProcess(LAB_MAIN, ['--descriptions', file, '--workspace', dir]);
    const connection = await connectHttp(server.url);
    const { tools } = await connection.client.listTools();
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.description]))).toEqual(v2);
    await connection.close();
    await server.stop();
  });

  it('reads TDO_LAB_DESCRIPTIONS and TDO_LAB_WORKSPACE', async () => {
    const file = join(dir, 'env.json');
    const fromEnv = { calculator: 'From env C.', read_file: 'From env R.', unit_convert: 'From env U.' };
    await writeFile(file, JSON.stringify(fromEnv));
    await writeFile(join(dir, 'env-only.txt'), 'seen through the env workspace');
    const server = await startHttpProcess(LAB_MAIN, [], { TDO_LAB_DESCRIPTIONS: file, TDO_LAB_WORKSPACE: dir });
    const connection = await connectHttp(server.url);
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.description)).toEqual(Object.values(fromEnv));
    expect(textOf(await connection.client.callTool({ name: 'read_file', arguments: { path: 'env-only.txt' } }))).toBe('seen through the env workspace');
    await connection.close();
    await server.stop();
  });

  it('fails at start on a descriptions file with wrong tool names, naming them', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ calculator: 'C.', read_fil: 'R.' }));
    const exited = await runToExit(LAB_MAIN, ['--descriptions', file]);
    expect(exited.code).toBe(1);
    expect(exited.stdout).toBe('');
    expect(exited.stderr).toContain(`lab: descriptions file ${file}: missing descriptions for read_file, unit_convert; unknown tool names read_fil.`);
  });

  it('fails at start on a missing descriptions file', async () => {
    const exited = await runToExit(LAB_MAIN, ['--descriptions', join(dir, 'absent.json')]);
    expect(exited.code).toBe(1);
    expect(exited.stderr).toMatch(/^lab: cannot read descriptions file .*absent\.json/);
  });

  it('fails at start on a workspace that is not a directory', async () => {
    const exited = await runToExit(LAB_MAIN, ['--workspace', join(dir, 'nowhere')]);
    expect(exited.code).toBe(1);
    expect(exited.stderr).toMatch(/^lab: workspace .*nowhere is not a directory/);
  });

  it('fails at start on an unknown flag, printing the usage', async () => {
    const exited = await runToExit(LAB_MAIN, ['--verbose']);
    expect(exited.code).toBe(1);
    expect(exited.stderr).toMatch(/--verbose/);
    expect(exited.stderr).toContain('usage: lab');
    expect(exited.stdout).toBe('');
  });
});
