// The runs a draft is written from, read out of the trace store: for each episode the user's request (when the
// run recorded one), the tool calls made, in order, and how the servers were started. Only runs that hold what a
// user's own agents did qualify: imported from Langfuse (`tdo traces import`) or recorded by `tdo proxy`.
import { HOST_STEP_MODEL_PREFIX, runSettings, type RunRow, type RunSettings, type TraceStore } from '../../../traces/index.ts';
import { inputError } from '../../errors.ts';
import { conversationStart } from './conversation.ts';

/** The part of the trace store a draft reads. */
export type DraftStore = Pick<TraceStore, 'path' | 'getRun' | 'listEpisodes' | 'getTrajectory' | 'getVersion'>;

export interface RecordedCall {
  server: string;
  tool: string;
  args: Record<string, unknown>;
}

export interface RecordedEpisode {
  runId: string;
  episodeId: string;
  /** what the user asked; undefined for a proxy session, which never sees it */
  request?: string;
  systemPrompt?: string;
  /** the agent's final answer, when the run recorded one */
  answer: string | null;
  /** the calls that returned a result, in order */
  calls: RecordedCall[];
  /** calls left out: they returned an error, or named a tool no server listed */
  leftOut: number;
}

/** How a run's servers were reached, as far as the run recorded it. */
export type RunSource =
  | { kind: 'proxy'; server: string; command: string; started?: { command: string; args: string[]; cwd: string }; host: string }
  | { kind: 'imported'; suite: string; suitePath: string };

export interface RecordedRun {
  id: string;
  source: RunSource;
  episodes: RecordedEpisode[];
  /** per server, the tools a description version the run names lists (when this store holds that version) */
  listedTools: Map<string, string[]>;
}

/** The runs, in the order given; an unknown run, a run of another kind or one without episodes is an input error naming it. */
export function readRecordedRuns(store: DraftStore, runIds: readonly string[]): RecordedRun[] {
  return [...new Set(runIds)].map((id) => readRun(store, id));
}

function readRun(store: DraftStore, id: string): RecordedRun {
  const run = store.getRun(id);
  if (run === undefined) throw inputError(`no run "${id}" in ${store.path}`, { see: { command: 'tdo traces list', dbPath: store.path } });
  const source = sourceOf(run);
  const summaries = store.listEpisodes({ runId: id }).reverse(); // oldest first: the order the requests came in
  if (summaries.length === 0) throw inputError(`run ${id} holds no episodes: there is nothing to draft from it`);
  const episodes = summaries.map((summary) => readEpisode(store, id, summary.id, source.kind));
  const listedTools = new Map<string, string[]>();
  for (const [server, versionId] of Object.entries(run.versionIds)) {
    const version = store.getVersion(versionId);
    if (version !== undefined) listedTools.set(server, Object.keys(version.descriptions).sort());
  }
  return { id, source, episodes, listedTools };
}

function sourceOf(run: RunRow): RunSource {
  const proxy = runSettings(run, 'proxy');
  if (proxy !== undefined) return proxySource(proxy, run.agentId);
  if (runSettings(run, 'imported') !== undefined) return { kind: 'imported', suite: run.suiteName, suitePath: run.suitePath };
  throw inputError(
    `run ${run.id} is a ${run.kind} run of the suite "${run.suiteName}", whose tasks are written already; --from-run takes runs imported with \`tdo traces import\` or recorded by \`tdo proxy\``,
  );
}

function proxySource(settings: RunSettings<'proxy'>, agentId: string): RunSource {
  const { command, started } = settings.proxy;
  return {
    kind: 'proxy',
    server: suiteServerName(settings.proxy.server),
    command,
    ...(started === undefined ? {} : { started }),
    host: agentId.replace(/^host:/, ''),
  };
}

function readEpisode(store: DraftStore, runId: string, episodeId: string, kind: RunSource['kind']): RecordedEpisode {
  const trajectory = store.getTrajectory(episodeId)!;
  const calls: RecordedCall[] = [];
  let leftOut = 0;
  let start: ReturnType<typeof conversationStart> = {};
  for (const step of trajectory.steps) {
    if (step.kind === 'model') {
      // the host's own steps (a tool search) are not the agent's conversation
      if (start.request === undefined && !(step.model ?? '').startsWith(HOST_STEP_MODEL_PREFIX)) start = conversationStart(step.input);
      continue;
    }
    if (step.isError || step.server === '') leftOut++;
    else calls.push({ server: suiteServerName(step.server), tool: step.tool, args: argsObject(step.args) });
  }
  return {
    runId,
    episodeId,
    ...(kind === 'imported' && start.request !== undefined ? { request: start.request } : {}),
    ...(start.systemPrompt === undefined ? {} : { systemPrompt: start.systemPrompt }),
    answer: trajectory.episode.answer,
    calls,
    leftOut,
  };
}

/** A call's arguments as a plan step takes them: an object (a tool's arguments always are one on the wire). */
function argsObject(args: unknown): Record<string, unknown> {
  return args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

/**
 * The server's name as a suite may write it (letters, digits, _ and -, src/suite/server-spec.ts): `tdo proxy --name`
 * takes any text, and a draft names the server in its entry and in every plan label.
 */
function suiteServerName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '-');
}
