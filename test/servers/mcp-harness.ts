import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpServerFactory } from '@modelcontextprotocol/server';

/** Test helpers shared by the server suites: connect a client in-process, over stdio, or over HTTP. */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const LAB_MAIN = fileURLToPath(new URL('../../servers/lab/main.ts', import.meta.url));
export const LABPLUS_MAIN = fileURLToPath(new URL('../../servers/labplus/main.ts', import.meta.url));

export interface Connection {
  client: Client;
  close(): Promise<void>;
}

function newClient(): Client {
  return new Client({ name: 'tdo-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
}

export async function connectInMemory(factory: McpServerFactory): Promise<Connection> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = await factory({ era: 'legacy' });
  await server.connect(serverSide);
  const client = new Client({ name: 'tdo-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

export async function connectStdio(main: string, args: string[] = []): Promise<Connection> {
  const client = newClient();
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', main, ...args], cwd: REPO_ROOT }));
  return { client, close: () => client.close() };
}

export interface ExitedProcess {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a server entry to completion (for start-up failures); it gets an empty, closed stdin. */
export function runToExit(main: string, args: string[], env: Record<string, string> = {}): Promise<ExitedProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface HttpProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout so far. */
  stdout(): string;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `main --http --port 0 ...` and reads the URL from the one `listening` line on stderr. */
export function startHttpProcess(main: string, args: string[] = [], env: Record<string, string> = {}): Promise<HttpProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main, '--http', '--port', '0', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
      const match = /^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)$/m.exec(stderr);
      if (match?.[1]) resolve({ url: match[1], child, stdout: () => stdout, stderr: () => stderr, stop });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}`)));
  });
}

export async function connectHttp(url: string): Promise<Connection> {
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, close: () => client.close() };
}

/** The text a model would read from a tool result. */
export function textOf(result: { content?: unknown }): string {
  const blocks = (result.content ?? []) as { type: string; text?: string }[];
  return blocks
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}
