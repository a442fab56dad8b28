import { spawn } from 'node:child_process';
import type { StdioServerSpec } from '../suite/schema.ts';
import { infrastructureError } from '../errors.ts';

export interface LaunchedServer {
  url: string;
  stop(): Promise<void>;
}

const LISTENING = /^listening (https?:\/\/\S+)$/m;
const STDERR_TAIL_CHARS = 2000;
const START_TIMEOUT_MS = 30_000;
/** What servers/common/main.ts reads (servers import nothing of ours, nor we of theirs). */
const EXIT_WHEN_STDIN_CLOSES = 'TDO_EXIT_WHEN_STDIN_CLOSES';

/**
 * Starts a server that serves Streamable HTTP itself (`transport: http`) and resolves with the URL it
 * announces as `listening URL` on stderr. Rejects with the server's stderr when it exits first or
 * stays silent too long.
 */
export function launchHttpServer(spec: StdioServerSpec, env: Record<string, string>): Promise<LaunchedServer> {
  // stdin stays open while this process lives: a tdo server exits when it closes (servers/common/main.ts), so
  // one started here does not outlive a host killed with SIGKILL
  const child = spawn(spec.command, spec.args, {
    env: { ...env, [EXIT_WHEN_STDIN_CLOSES]: '1', ...spec.env },
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  return new Promise((resolve, reject) => {
    const where = [spec.command, ...spec.args].join(' ');
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop();
      reject(infrastructureError(`cannot start MCP server "${spec.name}" (${where}): ${why}${stderr.trim() ? `\nserver stderr:\n${stderr.trim()}` : ''}`));
    };
    const timer = setTimeout(() => fail(`it did not print "listening URL" on stderr within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.on('error', (error) => fail(error.message));
    child.on('exit', (code) => fail(`it exited with code ${code} before listening`));
    // Keep draining stderr after start-up: a full pipe would block the server.
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
      const match = LISTENING.exec(stderr);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: match[1], stop });
    });
  });
}
