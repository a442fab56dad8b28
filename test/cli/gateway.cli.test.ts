import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { mintBearerToken } from '../../src/run/tokens.ts';
import { tdo, tdoEach } from '../support/cli.ts';
import { TDO_BIN } from '../support/lab-runs.ts';
import { freePort } from '../support/redis-server.ts';

const SECRET = 'gateway-cli-secret-long-enough-for-hs256';
const ROUTE = ['--route', '/seller=http://127.0.0.1:9/mcp'];

describe('tdo gateway', () => {
  it('refuses bad input with exit 2 and a message naming what to fix', async () => {
    const env = { TDO_AUTH_SECRET: SECRET };
    const cases: [string[], Record<string, string | undefined>, string][] = [
      [['gateway'], env, 'give at least one --route PATH=URL'],
      [['gateway', '--route', '/seller'], env, '--route takes KEY=VALUE'],
      [['gateway', ...ROUTE, '--rate', 'fast'], env, '--rate must be a whole number'],
      [['gateway', ...ROUTE, '--queue', '0'], env, '--queue must be at least 1'],
      [['gateway', ...ROUTE, '--port', '99999'], env, '--port must be at most 65535'],
      [['gateway', ...ROUTE, '--method-rate', 'tools/call=x'], env, '--method-rate must be a whole number'],
      [['gateway', ...ROUTE], { TDO_AUTH_SECRET: undefined }, 'needs the token signing secret'],
      [['gateway', ...ROUTE], { TDO_AUTH_SECRET: 'short' }, 'at least 32 bytes'],
    ];
    const results = await tdoEach(cases.map(([args, vars]) => ({ args, env: vars })));
    for (const [i, [args, , message]] of cases.entries()) {
      expect(results[i]!.code, args.join(' ')).toBe(2);
      expect(results[i]!.stderr).toContain(message);
      expect(results[i]!.stderr).not.toContain('    at ');
    }
  });

  it('exits 3 naming Redis when --redis cannot be reached', async () => {
    const result = await tdo(['gateway', ...ROUTE, '--redis', `redis://127.0.0.1:${await freePort()}`], { TDO_AUTH_SECRET: SECRET });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('cannot reach Redis at redis://127.0.0.1:');
  });

  it('serves until SIGTERM, logging each request as one JSON line with its clientInfo', async () => {
    const port = await freePort();
    const upstream = 'http://127.0.0.1:9/mcp';
    const child = spawn(process.execPath, [TDO_BIN, 'gateway', '--route', `/seller=${upstream}`, '--port', String(port)], {
      env: { ...process.env, TDO_AUTH_SECRET: SECRET },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    while (!stderr.includes('listening on')) await new Promise((resolve) => setTimeout(resolve, 20));
    const token = await mintBearerToken(SECRET, upstream, { subject: 'buyer-a', scopes: [] });
    const res = await fetch(`http://127.0.0.1:${port}/seller`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'mcp-method': 'tools/call' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'cli-test' } } } }),
    });
    // nothing listens on port 9: the outage is a 502 with its cause
    expect(res.status).toBe(502);
    while (!stderr.includes('"status":502')) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    const line = JSON.parse(stderr.split('\n').find((l) => l.includes('"status":502'))!);
    expect(line).toMatchObject({ path: '/seller', status: 502, subject: 'buyer-a', method: 'tools/call', client_info: { name: 'cli-test' } });
  });

  it('keeps serving when the reader of its log goes away', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [TDO_BIN, 'gateway', ...ROUTE, '--port', String(port)], {
      env: { ...process.env, TDO_AUTH_SECRET: SECRET },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    while (!stderr.includes('listening on')) await new Promise((resolve) => setTimeout(resolve, 20));
    child.stderr!.destroy();
    // the first request's log line meets the closed pipe (EPIPE); the second finds the gateway still there
    for (let i = 0; i < 2; i++) expect((await fetch(`http://127.0.0.1:${port}/seller`, { method: 'POST' })).status).toBe(401);
    child.kill('SIGTERM');
    expect(await new Promise<number | null>((resolve) => child.once('exit', resolve))).toBe(0);
  });
});
