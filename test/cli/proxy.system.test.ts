import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT, TDO_BIN } from '../support/lab-runs.ts';
import { FILESYSTEM_SERVER, filesystemWorkspace } from '../support/third-party-servers.ts';
import { MAX_MESSAGE_BYTES } from '../../src/host/bounded/limit.ts';

const HUGE_RESULT_SERVER = new URL('../src/host/fixtures/huge-result-server.mjs', import.meta.url).pathname;

/** Talks JSON-RPC to `tdo proxy ...` line by line, keeping every stdout line it printed. */
function proxyProcess(args: string[]) {
  const child = spawn(process.execPath, [TDO_BIN, 'proxy', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, TDO_DB: undefined, TDO_CONFIG: undefined },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const answers = new Map<number, (message: Record<string, unknown>) => void>();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    const message = JSON.parse(line) as { id?: number };
    if (typeof message.id === 'number') answers.get(message.id)?.(message);
  });
  let nextId = 1;
  return {
    lines,
    stderr: () => stderr,
    request(method: string, params: Record<string, unknown> = {}) {
      const id = nextId++;
      const answered = new Promise<Record<string, unknown>>((resolve) => answers.set(id, resolve));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return answered;
    },
    notify(method: string) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
    },
    /** Closes stdin, as a host does when it is done, and waits for the exit code. */
    end: () =>
      new Promise<number | null>((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.stdin.end();
      }),
  };
}

describe('tdo proxy', () => {
  it('speaks only MCP on stdout, serves the given version, records the session and exits when the host leaves', async () => {
    const dir = filesystemWorkspace();
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-proxy-cli-')), 'tdo.db');
    const store = openTraceStore(db);
    const version = store.recordVersion({ server: 'files', descriptions: { list_directory: 'Lists a folder.' }, origin: 'manual' });
    store.close();

    const proxy = proxyProcess(['--name', 'files', '--db', db, '--version', version.id, '--', process.execPath, FILESYSTEM_SERVER, dir]);
    const init = await proxy.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'claude-code', version: '2.1.0' } });
    expect(init).toMatchObject({ result: { serverInfo: { name: 'secure-filesystem-server' } } });
    proxy.notify('notifications/initialized');
    const listed = (await proxy.request('tools/list')) as { result: { tools: Array<{ name: string; description: string }> } };
    expect(listed.result.tools.find((t) => t.name === 'list_directory')?.description).toBe('Lists a folder.');
    const called = await proxy.request('tools/call', { name: 'list_directory', arguments: { path: dir } });
    expect(JSON.stringify(called)).toContain('[FILE] notes.txt');
    expect(await proxy.end()).toBe(0);

    // Every byte on stdout was a JSON-RPC message: the server's own start-up chatter went to stderr.
    expect(proxy.lines).toHaveLength(3);
    for (const line of proxy.lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(proxy.stderr()).toMatch(/Secure MCP Filesystem Server running on stdio/);
    expect(proxy.stderr()).toMatch(/recorded 1 tool call as episode e-/);

    const listing = await tdo(['traces', 'list', '--db', db, '--json']);
    const episodes = JSON.parse(listing.stdout) as Array<{ task_id: string; split: string; tool_calls: number; status: string; success: boolean | null }>;
    expect(episodes).toMatchObject([{ task_id: 'proxy:files', split: 'live', tool_calls: 1, status: 'completed', success: null }]);
    const reopened = openTraceStore(db);
    expect(reopened.listRuns()[0]).toMatchObject({ agentId: 'host:claude-code@2.1.0', versionIds: { files: version.id } });
    reopened.close();
    rmSync(dir, { recursive: true });
  });

  it('refuses a version of another server, an unknown version and a missing command, before serving', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-proxy-cli-')), 'tdo.db');
    const store = openTraceStore(db);
    const version = store.recordVersion({ server: 'lab', descriptions: { calculator: 'C.' }, origin: 'manual' });
    store.close();
    const other = await tdo(['proxy', '--name', 'files', '--db', db, '--version', version.id, '--', 'true']);
    expect([other.code, other.stdout]).toEqual([2, '']);
    expect(other.stderr).toMatch(`description version ${version.id} is for server "lab", not "files"`);
    const unknown = await tdo(['proxy', '--name', 'files', '--db', db, '--version', 'v-nope', '--', 'true']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown description version "v-nope"/);
    const bare = await tdo(['proxy', '--name', 'files', '--db', db]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/tdo proxy needs the real server's command after --/);
  });

  it('refuses a version describing a tool the real server does not list, naming it and the tools it lists, before serving', async () => {
    const dir = filesystemWorkspace();
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-proxy-cli-')), 'tdo.db');
    const store = openTraceStore(db);
    const version = store.recordVersion({
      server: 'files',
      descriptions: { list_directory: 'Lists a folder.', forget_everything: 'Forgets.' },
      origin: 'manual',
    });
    store.close();
    const refused = await tdo(['proxy', '--name', 'files', '--db', db, '--version', version.id, '--', process.execPath, FILESYSTEM_SERVER, dir]);
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toContain(
      `description version ${version.id} describes forget_everything, which server "files" (${process.execPath} ${FILESYSTEM_SERVER} ${dir}) does not list; it lists `,
    );
    expect(refused.stderr).toMatch(/it lists [a-z_, ]*list_directory/);
    expect(refused.stderr).toContain(`(see \`tdo versions --server files --db ${db}\`)`);
    rmSync(dir, { recursive: true });
  });

  it('answers a host request past the message limit with an error naming the limit, records it, and serves the next call', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-proxy-cli-')), 'tdo.db');
    const proxy = proxyProcess(['--name', 'huge', '--db', db, '--', process.execPath, HUGE_RESULT_SERVER, 'stdio']);
    const over = await proxy.request('tools/call', { name: 'echo', arguments: { text: 'x'.repeat(MAX_MESSAGE_BYTES + 1024) } });
    expect(over).toMatchObject({
      id: 1,
      error: { message: expect.stringMatching(/^huge: the host sent a request of more than 10,485,760 bytes \(10 MiB\).*; the server did not receive it$/) },
    });
    const next = await proxy.request('tools/call', { name: 'echo', arguments: { text: 'still here' } });
    expect(next).toMatchObject({ id: 2, result: { content: [{ text: 'still here' }] } });
    expect(await proxy.end()).toBe(0);

    const store = openTraceStore(db);
    const [episode] = store.listEpisodes({});
    const steps = store.getTrajectory(episode!.id)!.steps.filter((s) => s.kind === 'tool');
    expect(steps.map((s) => [s.tool, s.isError])).toEqual([
      ['echo', true],
      ['echo', false],
    ]);
    expect(steps[0]?.output).toMatch(/the host sent a request of more than 10,485,760 bytes/);
    store.close();
  }, 60_000);
});
