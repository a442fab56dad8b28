import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MARKET_SCOPES } from '../../servers/market/auth.ts';
import { mintBearerToken } from '../../src/run/tokens.ts';
import { REPO_ROOT, TDO_BIN } from '../support/lab-runs.ts';
import { FILESYSTEM_SERVER, filesystemWorkspace, INSPECTOR_CLI } from '../support/third-party-servers.ts';

// inspector-cli 1.0.3 reads its own package.json as `../package.json` checked against the working
// directory, so it must run one folder below a package root (here test/); elsewhere it cannot start.
const INSPECTOR_CWD = join(REPO_ROOT, 'test');

interface Inspected {
  code: number;
  json: unknown;
  stderr: string;
}

/** `mcp-inspector-cli --cli TARGET... --method ...` as a user would run it; its stdout is JSON. */
function inspector(target: string[], method: string[]): Promise<Inspected> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [INSPECTOR_CLI, '--cli', ...target, ...method],
      { cwd: INSPECTOR_CWD, env: { ...process.env, TDO_DB: undefined }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = stdout;
        }
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, json, stderr });
      },
    );
  });
}

/** `tdo serve ... --http --port 0`, resolved with its URL once it announces it. */
function serveHttp(serve: string[], env: Record<string, string> = {}): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [TDO_BIN, 'serve', ...serve, '--http', '--port', '0'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
      const url = /^listening (http:\/\/\S+)$/m.exec(stderr)?.[1];
      if (url !== undefined) resolve({ url, stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`tdo serve exited with ${code}: ${stderr}`)));
  });
}

const listTools = ['--method', 'tools/list'];
const call = (tool: string, args: Record<string, string>) => [
  '--method',
  'tools/call',
  '--tool-name',
  tool,
  ...Object.entries(args).flatMap(([k, v]) => ['--tool-arg', `${k}=${v}`]),
];
const toolNames = (result: Inspected) => (result.json as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
const textOf = (result: Inspected) => (result.json as { content: Array<{ text: string }> }).content.map((c) => c.text).join('\n');

const scratch = mkdtempSync(join(tmpdir(), 'tdo-inspector-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const catalogFile = join(scratch, 'catalog.json');
writeFileSync(
  catalogFile,
  JSON.stringify({
    name: 'tickets',
    tools: [
      {
        name: 'create_ticket',
        description: 'Opens a ticket.',
        inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
        result: 'Ticket T-1 opened.',
      },
    ],
  }),
);

const MARKET_SECRET = 'inspector-interop-secret-of-32-bytes-or-more';

/** Our servers as `tdo serve` starts them, each with one call an independent client must get right. */
const SERVERS: Array<{
  name: string;
  serve: string[];
  tools: string[];
  call: string[];
  answer: RegExp;
  http?: { env: Record<string, string>; headers(url: string): Promise<string[]> };
}> = [
  { name: 'lab', serve: ['lab'], tools: ['calculator', 'read_file', 'unit_convert'], call: call('calculator', { expression: '6*7' }), answer: /^42$/ },
  { name: 'labplus', serve: ['labplus'], tools: ['smart_compute'], call: call('smart_compute', { query: '12 * 7' }), answer: /^84$/ },
  {
    name: 'catalog',
    serve: ['catalog', catalogFile],
    tools: ['create_ticket'],
    call: call('create_ticket', { title: 'printer' }),
    answer: /^Ticket T-1 opened\.$/,
  },
  {
    name: 'market',
    serve: ['market', '--seller', 'bolt-bin', '--db', join(scratch, 'market.db')],
    tools: ['open_negotiation', 'accept_proposal'],
    call: call('open_negotiation', { item: 'door hinges', quantity: '10' }),
    answer: /^Negotiation neg-\S+ is open: 10 x door hinge from Bolt Bin/,
    // Over HTTP the market wants a bearer token for its own URL, as the runner mints them.
    http: {
      env: { TDO_AUTH_SECRET: MARKET_SECRET },
      headers: async (url) => [
        '--header',
        `Authorization: Bearer ${await mintBearerToken(MARKET_SECRET, url, { subject: 'inspector', scopes: [...MARKET_SCOPES] })}`,
      ],
    },
  },
];

describe.concurrent('inspector-cli (an MCP client nobody here wrote) against our servers', () => {
  for (const server of SERVERS) {
    it(`${server.name} over stdio: tools/list and tools/call`, async () => {
      const target = [process.execPath, TDO_BIN, 'serve', ...server.serve];
      const listed = await inspector(target, listTools);
      expect(listed.code, listed.stderr).toBe(0);
      expect(toolNames(listed)).toEqual(expect.arrayContaining(server.tools));
      const called = await inspector(target, server.call);
      expect(called.code, called.stderr).toBe(0);
      expect(textOf(called)).toMatch(server.answer);
    });

    it(`${server.name} over Streamable HTTP: tools/list and tools/call`, async () => {
      const http = await serveHttp(server.serve, server.http?.env);
      try {
        const headers = (await server.http?.headers(http.url)) ?? [];
        const listed = await inspector([http.url, ...headers], listTools);
        expect(listed.code, listed.stderr).toBe(0);
        expect(toolNames(listed)).toEqual(expect.arrayContaining(server.tools));
        const called = await inspector([http.url, ...headers], server.call);
        expect(called.code, called.stderr).toBe(0);
        expect(textOf(called)).toMatch(server.answer);
      } finally {
        http.stop();
      }
    });
  }

  it('a bad call reaches the client as a tool error it can read', async () => {
    const called = await inspector([process.execPath, TDO_BIN, 'serve', 'lab'], call('read_file', { path: '../../etc/passwd' }));
    expect(called.code, called.stderr).toBe(0);
    expect(called.json).toMatchObject({ isError: true });
  });

  it('tdo proxy in front of server-filesystem, with the session recorded', async () => {
    const dir = filesystemWorkspace();
    const db = join(scratch, 'proxy.db');
    const target = [process.execPath, TDO_BIN, 'proxy', '--name', 'files', '--db', db, '--', process.execPath, FILESYSTEM_SERVER, dir];
    try {
      const listed = await inspector(target, listTools);
      expect(listed.code, listed.stderr).toBe(0);
      expect(toolNames(listed)).toContain('read_text_file');
      const called = await inspector(target, call('read_text_file', { path: join(dir, 'todo.md') }));
      expect(called.code, called.stderr).toBe(0);
      expect(textOf(called)).toBe('- buy milk\n');
      const { openTraceStore } = await import('../../traces/index.ts');
      const store = openTraceStore(db);
      const runs = store.listRuns();
      // Only the session that called a tool left a run; its host is inspector-cli.
      expect(runs).toHaveLength(1);
      expect(runs[0]?.agentId).toMatch(/^host:inspector/);
      store.close();
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
