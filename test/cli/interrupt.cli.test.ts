// Ctrl-C as a terminal sends it: SIGINT to tdo's whole process group, which holds the stdio servers tdo started,
// so the server dies mid-call too. That is an interruption (exit 130, the summary, the resume hint), not an outage.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runStatus, type CliResult } from '../support/cli.ts';
import { REPO_ROOT, TDO_BIN } from '../support/lab-runs.ts';

const SLOW_SERVER = fileURLToPath(new URL('./fixtures/slow-server.mjs', import.meta.url));
const MUTE_SERVER = fileURLToPath(new URL('./fixtures/mute-server.mjs', import.meta.url));

let dir: string;
/** The file the slow server appends each call's seconds to when the call starts. */
let started: string;
let suite: string;
/** A suite whose one server starts and never answers: tdo stays in its start-up. */
let muteSuite: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-interrupt-'));
  started = join(dir, 'call-started');
  suite = join(dir, 'slow.yaml');
  // val waits no time, so the seed is validated; train waits ten minutes, so the search's first minibatch is cut short.
  // Neither answer is 42: the seed is not perfect, and the search goes on to the train task.
  const task = (id: string, split: string, seconds: number) => ({
    id,
    split,
    prompt: `Wait ${seconds} seconds.`,
    plan: [{ intent: `wait ${seconds} seconds`, args: { seconds }, tools: ['slow/wait'] }],
    check: { kind: 'answer', expected: 42 },
  });
  writeFileSync(
    suite,
    stringify({
      name: 'slow',
      systemPrompt: 'Use the tools.',
      servers: [{ name: 'slow', command: process.execPath, args: [SLOW_SERVER, started] }],
      target: 'slow',
      tasks: [task('wait-long', 'train', 600), task('wait-none', 'val', 0)],
    }),
  );
  muteSuite = join(dir, 'mute.yaml');
  writeFileSync(
    muteSuite,
    stringify({
      name: 'mute',
      systemPrompt: 'Use the tools.',
      servers: [{ name: 'mute', command: process.execPath, args: [MUTE_SERVER, started] }],
      tasks: [task('wait-none', 'train', 0)],
    }),
  );
});

/** Whether the ten-minute call (the train task's) has started. */
const longCallStarted = () => existsSync(started) && readFileSync(started, 'utf8').split('\n').includes('600');

/** Runs `tdo ARGS` in a process group of its own and sends the group SIGINT once the ten-minute call has started. */
const interruptedMidCall = (args: string[]) => interruptedOnce(args, longCallStarted);

/** Runs `tdo ARGS` in a process group of its own and sends the group SIGINT once `ready` says so. */
async function interruptedOnce(args: string[], ready: () => boolean): Promise<CliResult> {
  rmSync(started, { force: true });
  const child = spawn(process.execPath, [TDO_BIN, ...args], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128))));
  let done = false;
  void exited.then(() => (done = true));
  while (!ready() && !done) await sleep(50);
  if (!done) process.kill(-child.pid!, 'SIGINT');
  return { code: await exited, stdout, stderr };
}

describe('Ctrl-C while a stdio server is in a tool call', () => {
  it('tdo run: exit 130, the run interrupted, the summary and the resume hint; no outage', { timeout: 120_000 }, async () => {
    const db = join(dir, 'run.db');
    const r = await interruptedMidCall(['run', '--suite', suite, '--split', 'train', '--db', db]);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toMatch(/^run (r-[0-9a-f]+) \(interrupted\)/);
    const runId = /^run (r-[0-9a-f]+)/.exec(r.stdout)![1]!;
    expect(r.stdout).toContain(`partial: 0 of 1 episodes finished`);
    expect(r.stdout).toContain(`Finish with \`tdo run --resume ${runId} --db ${db}\``);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/errored|outage|Fix the cause/);
    expect(runStatus(db, runId)).toBe('interrupted');
  });

  it('tdo optimize: exit 130, the search interrupted, its summary and the resume hint; no outage', { timeout: 120_000 }, async () => {
    const db = join(dir, 'optimize.db');
    const r = await interruptedMidCall(['optimize', '--suite', suite, '--budget', '4', '--minibatch', '1', '--db', db]);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toMatch(/^optimize run (r-[0-9a-f]+) \(interrupted\)/);
    const runId = /^optimize run (r-[0-9a-f]+)/.exec(r.stdout)![1]!;
    expect(r.stdout).toMatch(/stopped: interrupted/);
    expect(r.stdout).toContain(`interrupted: continue with \`tdo optimize --resume ${runId} --db ${db}\``);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/errored|outage|fix the cause/);
    expect(runStatus(db, runId)).toBe('interrupted');
  });
});

describe('Ctrl-C while tdo starts the servers', () => {
  it('tdo run: exit 130 and an interruption, not an outage of the server that died of it', { timeout: 120_000 }, async () => {
    const db = join(dir, 'start-up.db');
    const r = await interruptedOnce(['run', '--suite', muteSuite, '--db', db], () => existsSync(started));
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/interrupted before the run started/);
    expect(r.stderr).not.toMatch(/failed during|Connection closed|Not connected|Fix the cause/);
  });

  it('tdo run --resume: exit 130 with the resume command', { timeout: 120_000 }, async () => {
    const db = join(dir, 'start-up-resume.db');
    const resumed = join(dir, 'resumed.yaml');
    writeFileSync(resumed, readFileSync(suite));
    const first = await interruptedMidCall(['run', '--suite', resumed, '--split', 'train', '--db', db]);
    const runId = /^run (r-[0-9a-f]+)/.exec(first.stdout)![1]!;
    // the suite's server now hangs in its start-up, where the resume's Ctrl-C comes
    writeFileSync(resumed, readFileSync(suite, 'utf8').replaceAll(SLOW_SERVER, MUTE_SERVER));
    const r = await interruptedOnce(['run', '--resume', runId, '--db', db], () => existsSync(started));
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain(`resume with \`tdo run --resume ${runId} --db ${db}\``);
    expect(r.stderr).not.toMatch(/failed during|Connection closed|Not connected|Fix the cause/);
    expect(runStatus(db, runId)).toBe('interrupted');
  });
});
