import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { serializeMessage, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/client';
import { infrastructureError } from '../errors.ts';
import { BoundedReadBuffer, type OversizeMessage } from '../host/bounded/read-buffer.ts';
import { inheritedEnv } from '../host/inherited-env.ts';

/** The real server: a command spawned over stdio. */
export interface UpstreamCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface UpstreamEvents {
  message(message: JSONRPCMessage): void;
  /** A message past MAX_MESSAGE_BYTES (src/host/bounded/limit.ts), read to its end but not kept: its size and envelope. */
  oversize(message: OversizeMessage): void;
  /** The process ended: `reason` says how; `stderrTail` is a sentence with its last stderr lines, or ''. */
  exited(reason: string, stderrTail: string): void;
  /** Everything the server writes to stderr, passed on so the host's logs still show it. */
  stderr(chunk: Buffer): void;
}

const STDERR_TAIL_CHARS = 1500;
const REPLAY_ID_PREFIX = 'tdo-proxy-replay-';
const STOP_GRACE_MS = 2000;

/**
 * The real server process behind the proxy. It starts on the first message and again on the first
 * message after it died; a restarted 2025-era server first gets the host's own `initialize` again
 * (and `notifications/initialized`), so the host never sees the restart.
 */
export class Upstream {
  private child: ChildProcessWithoutNullStreams | undefined;
  private starting: Promise<ChildProcessWithoutNullStreams> | undefined;
  private handshake: JSONRPCRequest | undefined;
  private starts = 0;
  private pendingReplay: { id: string; settle(error?: Error): void } | undefined;
  private stderrTail = '';
  private stopping = false;

  constructor(
    private readonly spec: UpstreamCommand,
    private readonly events: UpstreamEvents,
  ) {}

  /** The command line, for messages. */
  get commandLine(): string {
    return [this.spec.command, ...this.spec.args].join(' ');
  }

  /** Remembers the host's `initialize`, to replay it into a restarted server. */
  rememberHandshake(request: JSONRPCRequest): void {
    this.handshake = request;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const child = this.child ?? (await (this.starting ??= this.start().finally(() => (this.starting = undefined))));
    child.stdin.write(serializeMessage(message));
  }

  /** Ends the process: stdin closes (the stdio way to ask a server to exit), SIGTERM after a grace period. */
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGTERM'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  private async start(): Promise<ChildProcessWithoutNullStreams> {
    if (this.stopping) throw infrastructureError('the proxy is shutting down');
    const restarted = this.starts > 0;
    this.starts++;
    const child = await this.spawnChild();
    if (restarted && this.handshake !== undefined) {
      try {
        await this.replayHandshake(child, this.handshake);
      } catch (err) {
        child.kill('SIGTERM');
        throw err;
      }
    }
    // Only now may host messages reach it: a restarted server must see the handshake first.
    this.child = child;
    return child;
  }

  private spawnChild(): Promise<ChildProcessWithoutNullStreams> {
    return new Promise((resolve, reject) => {
      this.stderrTail = '';
      const child = spawn(this.spec.command, this.spec.args, {
        env: { ...inheritedEnv(), ...this.spec.env },
        ...(this.spec.cwd === undefined ? {} : { cwd: this.spec.cwd }),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const buffer = new BoundedReadBuffer((oversize) => void this.events.oversize(oversize));
      let cutOff: string | undefined;
      child.stdout.on('data', (chunk: Buffer) => {
        if (cutOff !== undefined) return;
        try {
          buffer.append(chunk);
        } catch (err) {
          // a line without end: the server is broken; stopping it fails the requests it owes, as a crash does
          cutOff = (err as Error).message;
          child.kill('SIGKILL');
          return;
        }
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = buffer.readMessage();
          } catch (err) {
            process.stderr.write(`tdo proxy: the server wrote something that is not JSON-RPC to stdout, dropped: ${(err as Error).message}\n`);
            continue;
          }
          if (message === null) break;
          if (!this.takeReplayAnswer(message)) this.events.message(message);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
        this.events.stderr(chunk);
      });
      // A write to a server that just died fails with EPIPE; the exit handler reports it.
      child.stdin.on('error', () => undefined);
      child.once('error', (err) => {
        if (this.child === child) this.child = undefined;
        reject(infrastructureError(`cannot start ${this.commandLine}: ${err.message}`));
      });
      child.once('spawn', () => resolve(child));
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined;
        const how = cutOff !== undefined ? `was stopped: it ${cutOff}` : signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
        const reason = `the server process (${this.commandLine}) ${how}`;
        const tail = this.stderrTail.trim() ? ` Its last stderr: ${this.stderrTail.trim().split('\n').slice(-5).join(' | ')}` : '';
        this.pendingReplay?.settle(infrastructureError(`${reason}.${tail}`));
        if (!this.stopping) this.events.exited(reason, tail);
      });
    });
  }

  private replayHandshake(child: ChildProcessWithoutNullStreams, initialize: JSONRPCRequest): Promise<void> {
    const id = `${REPLAY_ID_PREFIX}${this.starts}`;
    return new Promise<void>((resolve, reject) => {
      this.pendingReplay = {
        id,
        settle: (error) => {
          this.pendingReplay = undefined;
          if (error === undefined) resolve();
          else reject(error);
        },
      };
      child.stdin.write(serializeMessage({ ...initialize, id }));
    }).then(() => {
      child.stdin.write(serializeMessage({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    });
  }

  /** The answer to a replayed `initialize` is the proxy's own; the host never asked for it. */
  private takeReplayAnswer(message: JSONRPCMessage): boolean {
    const replay = this.pendingReplay;
    if (replay === undefined || !('id' in message) || message.id !== replay.id || 'method' in message) return false;
    replay.settle('error' in message ? infrastructureError(`the restarted server refused the replayed initialize: ${message.error.message}`) : undefined);
    return true;
  }
}
