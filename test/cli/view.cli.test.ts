// `tdo view` as a user starts it: it prints the URL, serves the runs page from a store made by a real run, stops on
// Ctrl-C with 130, and refuses a missing database and a taken port with exit 2 naming what to fix.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { TDO_BIN } from '../support/lab-runs.ts';
import { viewStore } from '../view/view-store.ts';

/** Starts `tdo view ARGS` and waits for the URL it prints. */
async function startView(args: string[]) {
  const child = spawn(process.execPath, [TDO_BIN, 'view', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  while (!/http:\/\/\S+\//.test(stdout)) {
    if (child.exitCode !== null) throw new Error(`tdo view exited ${child.exitCode}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, url: /(http:\/\/\S+\/)/.exec(stdout)![1]!, exited, stderr: () => stderr };
}

describe('tdo view', () => {
  it('prints the URL it serves, serves the runs page on 127.0.0.1 without writing to the store, and stops on Ctrl-C with 130', async () => {
    const { store, runId } = await viewStore(1);
    store.close();
    const before = readFileSync(store.path);
    const view = await startView(['--db', store.path, '--port', '0']);
    expect(view.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const response = await fetch(view.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`href="/runs/${runId}"`);
    view.child.kill('SIGINT');
    expect(await view.exited).toBe(130);
    expect(view.stderr()).not.toContain('    at ');
    // opened read-only: the database file is byte for byte what the run left
    expect(readFileSync(store.path).equals(before)).toBe(true);
  });

  it('refuses a database that does not exist, naming its path (exit 2)', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'tdo-view-')), 'none.db');
    const result = await tdo(['view', '--db', missing, '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`no trace database at ${missing}`);
  });

  it('refuses a port in use, naming it and --port (exit 2)', async () => {
    const { store } = await viewStore(1);
    store.close();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const result = await tdo(['view', '--db', store.path, '--port', String(port)]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is in use; pass another --port`);
    } finally {
      taken.close();
    }
  });
});
