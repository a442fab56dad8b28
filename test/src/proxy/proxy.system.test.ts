import { readFileSync, rmSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceStore } from '../../../traces/index.ts';
import { startRecordingProxy, type RunningProxy } from '../../../src/proxy/proxy.ts';
import { SessionRecorder } from '../../../src/proxy/session-recorder.ts';
import type { UpstreamCommand } from '../../../src/proxy/upstream.ts';
import { MAX_MESSAGE_BYTES } from '../../../src/host/bounded/limit.ts';
import { tempStore } from '../../support/lab-runs.ts';
import { unhandledRejections } from '../../support/unhandled-rejections.ts';
import { EVERYTHING_SERVER, FILESYSTEM_SERVER, filesystemWorkspace } from '../../support/third-party-servers.ts';

interface Session {
  client: Client;
  proxy: RunningProxy;
  store: TraceStore;
  logs: string[];
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

/** A host (the SDK client, auto negotiation) -> the proxy (in process) -> a real server process. */
async function session(
  upstream: UpstreamCommand,
  extra: { descriptions?: Record<string, string>; servedVersionId?: string; store?: TraceStore } = {},
): Promise<Session> {
  const store = extra.store ?? tempStore();
  const [hostSide, proxySide] = InMemoryTransport.createLinkedPair();
  const logs: string[] = [];
  const recorder = new SessionRecorder(store, {
    server: 'fs',
    command: [upstream.command, ...upstream.args].join(' '),
    ...(extra.servedVersionId === undefined ? {} : { servedVersionId: extra.servedVersionId }),
  });
  const proxy = await startRecordingProxy({
    name: 'fs',
    upstream,
    downstream: proxySide,
    recorder,
    ...(extra.descriptions === undefined ? {} : { descriptions: extra.descriptions }),
    log: (line) => logs.push(line),
    serverStderr: () => undefined,
  });
  const client = new Client({ name: 'test-host', version: '3.1.4' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(hostSide);
  open.push(async () => {
    await client.close().catch(() => undefined);
    await proxy.close();
    store.close();
  });
  return { client, proxy, store, logs };
}

const SLOW_SERVER = fileURLToPath(new URL('../../cli/fixtures/slow-server.mjs', import.meta.url));
const SILENT_SERVER = fileURLToPath(new URL('./fixtures/silent-server.mjs', import.meta.url));

const textOf = (result: { content?: unknown }) => ((result.content ?? []) as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');

describe('recording proxy in front of server-filesystem (a 2025-11-25 server)', () => {
  it('forwards calls unchanged and records each with arguments, result, error flag, latency and the host', async () => {
    const dir = filesystemWorkspace();
    const { client, proxy, store } = await session({ command: process.execPath, args: [FILESYSTEM_SERVER, dir] });
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const read = await client.callTool({ name: 'read_text_file', arguments: { path: join(dir, 'notes.txt') } });
    expect(textOf(read)).toBe('first line\nsecond line\n');
    const denied = await client.callTool({ name: 'read_text_file', arguments: { path: '/etc/hostname' } });
    expect(denied.isError).toBe(true);
    await client.close();
    await proxy.closed;

    const [run] = store.listRuns();
    expect(run).toMatchObject({ suiteName: 'proxy:fs', agentId: 'host:test-host@3.1.4', split: 'live', status: 'completed' });
    expect(run?.kind).toBe('proxy');
    expect(run?.settings).toMatchObject({ clientInfo: { name: 'test-host', version: '3.1.4' } });
    const [episode] = store.listEpisodes({ runId: run!.id });
    const trajectory = store.getTrajectory(episode!.id)!;
    expect(trajectory.episode).toMatchObject({ taskId: 'proxy:fs', status: 'completed', success: null, stopReason: 'session_ended' });
    expect(trajectory.steps.filter((s) => s.kind === 'tool').map((s) => [s.server, s.tool, s.args, s.isError])).toEqual([
      ['fs', 'read_text_file', { path: join(dir, 'notes.txt') }, false],
      ['fs', 'read_text_file', { path: '/etc/hostname' }, true],
    ]);
    expect(trajectory.steps[0]?.output).toBe('first line\nsecond line\n');
    expect(trajectory.steps[1]?.output).toMatch(/Access denied/);
    for (const step of trajectory.steps) expect(step.latencyMs).toBeGreaterThan(0);
    // Failed sessions are what `--failed` lists; an unjudged session is not one of them.
    expect(store.listEpisodes({ failed: true })).toEqual([]);
    rmSync(dir, { recursive: true });
  });

  it('records what the server advertises as its seed version and serves a given version instead', async () => {
    const dir = filesystemWorkspace();
    const store = tempStore();
    const first = await session({ command: process.execPath, args: [FILESYSTEM_SERVER, dir] }, { store });
    const advertised = (await first.client.listTools()).tools;
    const seed = store.listVersions('fs');
    expect(seed).toHaveLength(1);
    expect(seed[0]?.descriptions).toEqual(Object.fromEntries(advertised.map((t) => [t.name, t.description])));

    const override = store.recordVersion({
      server: 'fs',
      descriptions: { read_text_file: "Reads one text file. Use for any question about a file's content." },
      origin: 'manual',
    });
    const second = await session(
      { command: process.execPath, args: [FILESYSTEM_SERVER, dir] },
      { store, descriptions: override.descriptions, servedVersionId: override.id },
    );
    const served = (await second.client.listTools()).tools;
    expect(served.find((t) => t.name === 'read_text_file')?.description).toBe(override.descriptions.read_text_file);
    // Every other tool, and every schema, is the server's own.
    expect(served.map((t) => [t.name, t.inputSchema])).toEqual(advertised.map((t) => [t.name, t.inputSchema]));
    expect(served.filter((t) => t.name !== 'read_text_file').map((t) => t.description)).toEqual(
      advertised.filter((t) => t.name !== 'read_text_file').map((t) => t.description),
    );
    await second.client.callTool({ name: 'list_directory', arguments: { path: dir } });
    await second.client.close();
    await second.proxy.closed;
    const run = store.listRuns().find((r) => r.status === 'completed');
    expect(run?.versionIds).toEqual({ fs: override.id });
    rmSync(dir, { recursive: true });
  });

  it('writes nothing for a session without tool calls', async () => {
    const dir = filesystemWorkspace();
    const { client, proxy, store } = await session({ command: process.execPath, args: [FILESYSTEM_SERVER, dir] });
    await client.listTools();
    await client.close();
    await proxy.closed;
    expect(store.listRuns()).toEqual([]);
    rmSync(dir, { recursive: true });
  });
});

describe('recording proxy when the real server dies (server-everything)', () => {
  it('fails the call in flight with a clear error, then restarts the server on the next call', async () => {
    const dir = filesystemWorkspace({});
    const pidFile = join(dir, 'pid');
    // `exec` keeps the shell's pid, so the test knows which process to kill.
    const upstream = { command: '/bin/sh', args: ['-c', `echo $$ > ${pidFile}; exec "${process.execPath}" "${EVERYTHING_SERVER}"`] };
    const { client, store, logs } = await session(upstream);
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const firstPid = Number(readFileSync(pidFile, 'utf8'));

    let killed = false;
    const inFlight = client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } },
      {
        onprogress: () => {
          if (killed) return;
          killed = true;
          process.kill(firstPid, 'SIGKILL');
        },
      },
    );
    await expect(inFlight).rejects.toThrow(/fs: the server process \(.*\) was killed by SIGKILL.*starts it again on the next request/);
    expect(logs.join('\n')).toMatch(/was killed by SIGKILL; it starts again on the next request/);

    const echoed = await client.callTool({ name: 'echo', arguments: { message: 'still here' } });
    expect(textOf(echoed)).toMatch(/still here/);
    expect(Number(readFileSync(pidFile, 'utf8'))).not.toBe(firstPid);

    const [episode] = store.listEpisodes({});
    const steps = store.getTrajectory(episode!.id)!.steps.filter((s) => s.kind === 'tool');
    expect(steps.map((s) => [s.tool, s.isError])).toEqual([
      ['trigger-long-running-operation', true],
      ['echo', false],
    ]);
    expect(steps[0]?.output).toMatch(/killed by SIGKILL/);
    rmSync(dir, { recursive: true });
  });

  it('answers with the reason when the server cannot start at all', async () => {
    const store = tempStore();
    const [hostSide, proxySide] = InMemoryTransport.createLinkedPair();
    const proxy = await startRecordingProxy({
      name: 'ghost',
      upstream: { command: '/nonexistent/mcp-server', args: [] },
      downstream: proxySide,
      recorder: new SessionRecorder(store, { server: 'ghost', command: '/nonexistent/mcp-server' }),
      log: () => undefined,
      serverStderr: () => undefined,
    });
    const client = new Client({ name: 'test-host', version: '1' });
    await expect(client.connect(hostSide)).rejects.toThrow(/ghost: cannot start \/nonexistent\/mcp-server: spawn \/nonexistent\/mcp-server ENOENT/);
    await client.close();
    await proxy.close();
    store.close();
  });
});

describe('recording proxy in front of a server that never answers a call', () => {
  const silent = { command: process.execPath, args: [SILENT_SERVER] };

  /** The steps of the one episode the session recorded. */
  const stepsOf = (store: TraceStore) => {
    const [episode] = store.listEpisodes({});
    expect(episode, 'the session recorded an episode').toBeDefined();
    return store.getTrajectory(episode!.id)!.steps.filter((s) => s.kind === 'tool');
  };

  it('records a call the host gave up on (timed out and cancelled) as an errored step', async () => {
    const { client, proxy, store } = await session(silent);
    await expect(client.callTool({ name: 'wait', arguments: { for: 'ever' } }, { timeout: 300 })).rejects.toThrow(/timed out/i);
    await client.close();
    await proxy.closed;
    expect(store.listRuns()).toMatchObject([{ suiteName: 'proxy:fs', status: 'completed' }]);
    const steps = stepsOf(store);
    expect(steps.map((s) => [s.tool, s.args, s.isError])).toEqual([['wait', { for: 'ever' }, true]]);
    expect(steps[0]?.output).toMatch(/^No answer: the host cancelled the call \(.*timed out.*\)\.$/i);
    expect(steps[0]?.latencyMs).toBeGreaterThanOrEqual(250);
  });

  it('records a call still unanswered when the session ends as an errored step', async () => {
    const { client, proxy, store } = await session(silent);
    const unanswered = client.callTool({ name: 'wait', arguments: {} });
    unanswered.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.close();
    const steps = stepsOf(store);
    expect(steps.map((s) => [s.tool, s.isError, s.output])).toEqual([['wait', true, 'No answer: the session ended before the server answered.']]);
  });
});

describe('recording proxy in front of a server advertising a 1 MB description', () => {
  const LONG_DESCRIPTION_SERVER = fileURLToPath(new URL('../host/fixtures/long-description-server.mjs', import.meta.url));

  // Through the proxy a 120 KB description once made tools/list take 19.8 s, and 1 MB many minutes.
  it('passes the listing on unchanged at once, and says why it was not recorded as the seed version', async () => {
    const { client, proxy, store, logs } = await session({ command: process.execPath, args: [LONG_DESCRIPTION_SERVER, '1048576'] });
    const [tool] = (await client.listTools()).tools;
    expect(tool?.description).toHaveLength(1_048_576);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
    await client.close();
    await proxy.closed;

    expect(store.listVersions('fs')).toEqual([]);
    expect(logs.join('\n')).toMatch(/could not record the advertised descriptions: .*"echo" is 1,048,576 characters long; at most 32,768 are stored/);
    expect(store.listRuns()).toMatchObject([{ status: 'completed' }]);
  }, 30_000);
});

describe('recording proxy in front of a server whose answers pass the message limit', () => {
  const HUGE_RESULT_SERVER = fileURLToPath(new URL('../host/fixtures/huge-result-server.mjs', import.meta.url));
  const huge = { command: process.execPath, args: [HUGE_RESULT_SERVER, 'stdio'] };

  it('answers the host with an error naming the limit, records the call, and goes on with the next call', async () => {
    const { client, proxy, store } = await session(huge);
    const over = client.callTool({ name: 'huge', arguments: { bytes: MAX_MESSAGE_BYTES + 1024 * 1024 } });
    await expect(over).rejects.toThrow(/fs: the server sent an answer of more than 10,485,760 bytes \(10 MiB\), tdo's limit for one MCP message/);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe('still here');
    await client.close();
    await proxy.closed;
    const [episode] = store.listEpisodes({});
    const steps = store.getTrajectory(episode!.id)!.steps.filter((s) => s.kind === 'tool');
    expect(steps.map((s) => [s.tool, s.isError])).toEqual([
      ['huge', true],
      ['echo', false],
    ]);
    expect(steps[0]?.output).toMatch(/more than 10,485,760 bytes/);
  }, 30_000);

  it('records two calls sharing a request id as two calls, each answered under that id', async () => {
    const store = tempStore();
    const [hostSide, proxySide] = InMemoryTransport.createLinkedPair();
    const answers: Array<{ id?: unknown; result?: { content: Array<{ text: string }> } }> = [];
    const bothAnswered = new Promise<void>((resolve) => {
      hostSide.onmessage = (message) => {
        answers.push(message as (typeof answers)[number]);
        if (answers.length === 2) resolve();
      };
    });
    const proxy = await startRecordingProxy({
      name: 'fs',
      upstream: huge,
      downstream: proxySide,
      recorder: new SessionRecorder(store, { server: 'fs', command: 'huge' }),
      log: () => undefined,
      serverStderr: () => undefined,
    });
    await hostSide.start();
    const call = (text: string) => ({ jsonrpc: '2.0' as const, id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text } } });
    await hostSide.send(call('first'));
    await hostSide.send(call('second'));
    await bothAnswered;
    expect(answers.map((a) => [a.id, a.result?.content[0]?.text])).toEqual([
      [7, 'first'],
      [7, 'second'],
    ]);
    await proxy.close();
    const [episode] = store.listEpisodes({});
    const steps = store.getTrajectory(episode!.id)!.steps.filter((s) => s.kind === 'tool');
    expect(steps.map((s) => [s.args, s.output])).toEqual([
      [{ text: 'first' }, 'first'],
      [{ text: 'second' }, 'second'],
    ]);
    store.close();
  }, 30_000);
});

describe('a host that goes away with answers in flight', () => {
  it('ends the session: no unhandled error, the server stopped, the session recorded and closed', async () => {
    const store = tempStore();
    const fromHost = new PassThrough();
    // a host that quit: every write to it fails as a closed pipe does
    const toHost = new Writable({ write: (_chunk, _encoding, done) => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' })) });
    const logs: string[] = [];
    const rejections = unhandledRejections();
    const proxy = await startRecordingProxy({
      name: 'slow',
      upstream: { command: process.execPath, args: [SLOW_SERVER] },
      downstream: new StdioServerTransport(fromHost, toHost),
      recorder: new SessionRecorder(store, { server: 'slow', command: 'slow-server' }),
      log: (line) => logs.push(line),
      serverStderr: () => undefined,
    });
    const send = (message: Record<string, unknown>) => fromHost.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'quitter', version: '1' } } });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'wait', arguments: { seconds: 600 } } });
    await proxy.closed;
    await new Promise((resolve) => setImmediate(resolve));
    rejections.stop();
    expect(rejections.seen).toEqual([]);
    expect(logs.join('\n')).toMatch(/the host closed its end/);
    expect(logs.join('\n')).not.toMatch(/bad message from the host/);
    const [run] = store.listRuns();
    expect(run?.status).toBe('completed');
    const [episode] = store.listEpisodes({ runId: run!.id });
    expect(store.getTrajectory(episode!.id)!.steps.map((s) => s.output)).toEqual(['No answer: the session ended before the server answered.']);
    store.close();
  });
});
