import type { ToolCall, TraceStore } from '../../traces/index.ts';

/** The part of the trace store a proxy session writes to. */
export type ProxyStore = Pick<TraceStore, 'createRun' | 'setRunStatus' | 'startEpisode' | 'finishEpisode' | 'addToolStep' | 'recordVersion' | 'getVersion'>;

/** Who is calling: the host's clientInfo, from `initialize` (2025 era) or each request's `_meta` (2026-07-28). */
export interface HostInfo {
  name: string;
  version?: string;
}

/** A call the host made through the proxy: the server's name for the tool is the one the host saw. */
export type ProxiedToolCall = Pick<ToolCall, 'tool' | 'args' | 'output' | 'isError' | 'latencyMs'>;

export interface SessionSettings {
  /** The server's name in the trace store (`--name`). */
  server: string;
  /** The real server's command line. */
  command: string;
  /** The description version served instead of the server's own (`--version`). */
  servedVersionId?: string;
  /** How the real server was started, for `tdo suite draft` to write it into a suite (src/suite-draft/servers.ts). */
  started?: { command: string; args: string[]; cwd: string };
}

export const PROXY_SPLIT = 'live';

/**
 * A proxy session in the trace store: one run (suite `proxy:NAME`, agent `host:CLIENT`) holding one
 * episode (task `proxy:NAME`, split `live`) whose steps are the host's tool calls in order, so
 * `tdo traces list` shows each session as one row and `tdo traces show` replays it. Nothing is written
 * until the first tool call, so hosts that only probe the server (list its tools) leave no empty runs.
 */
export class SessionRecorder {
  private host: HostInfo | undefined;
  private seedVersionId: string | undefined;
  private session: { runId: string; episodeId: string } | undefined;
  private calls = 0;
  private errors = 0;

  constructor(
    private readonly store: ProxyStore,
    private readonly settings: SessionSettings,
  ) {}

  /** The first clientInfo seen wins: one stdio session has one host. */
  setHost(info: HostInfo): void {
    this.host ??= info;
  }

  /** What the server itself advertises is recorded as its seed version (a known text keeps its row). */
  recordAdvertised(descriptions: Record<string, string>): string {
    this.seedVersionId = this.store.recordVersion({ server: this.settings.server, descriptions, origin: 'seed' }).id;
    return this.seedVersionId;
  }

  recordToolCall(call: ProxiedToolCall): void {
    const { episodeId } = (this.session ??= this.open());
    this.calls++;
    if (call.isError) this.errors++;
    this.store.addToolStep(episodeId, {
      server: this.settings.server,
      name: call.tool,
      tool: call.tool,
      args: call.args,
      output: call.output,
      isError: call.isError,
      latencyMs: call.latencyMs,
    });
  }

  /** Ends the session's episode and run; a session without tool calls wrote nothing and writes nothing. */
  finish(): { runId: string; episodeId: string; calls: number } | undefined {
    if (this.session === undefined) return undefined;
    const { runId, episodeId } = this.session;
    this.store.finishEpisode(episodeId, {
      status: 'completed',
      answer: null,
      success: null,
      feedback: `${this.calls} tool call${this.calls === 1 ? '' : 's'} (${this.errors} error${this.errors === 1 ? '' : 's'}) from ${this.hostLabel()} through tdo proxy; a live session has no task check, so it is not judged.`,
      stop: 'session_ended',
    });
    this.store.setRunStatus(runId, 'completed');
    this.session = undefined;
    return { runId, episodeId, calls: this.calls };
  }

  private open(): { runId: string; episodeId: string } {
    const versionId = this.settings.servedVersionId ?? this.seedVersionId;
    const run = this.store.createRun({
      kind: 'proxy',
      settings: {
        proxy: {
          server: this.settings.server,
          command: this.settings.command,
          servedVersionId: this.settings.servedVersionId ?? null,
          ...(this.settings.started === undefined ? {} : { started: this.settings.started }),
        },
        clientInfo: this.host ?? null,
      },
      suite: `proxy:${this.settings.server}`,
      suitePath: this.settings.command,
      agent: `host:${this.hostLabel()}`,
      split: PROXY_SPLIT,
      repeats: 1,
      seed: 0,
      concurrency: 1,
      versionIds: versionId === undefined ? {} : { [this.settings.server]: versionId },
    });
    const episode = this.store.startEpisode({ runId: run.id, taskId: `proxy:${this.settings.server}`, split: PROXY_SPLIT, repeat: 0, seed: 0 });
    return { runId: run.id, episodeId: episode.id };
  }

  private hostLabel(): string {
    if (this.host === undefined) return 'unknown-host';
    return this.host.version === undefined ? this.host.name : `${this.host.name}@${this.host.version}`;
  }
}
