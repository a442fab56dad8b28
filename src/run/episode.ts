import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { isTdoError } from '../errors.ts';
import type { Agent, AgentResult } from '../agents/agent.ts';
import { checkEpisode } from '../checks/check-episode.ts';
import type { Catalogue } from '../catalogue/catalogue-types.ts';
import type { EpisodeRoutes, HeadersFor, Host } from '../host/host.ts';
import type { LiveToolCall } from '../host/tool-call.ts';
import { deferredTools, loadedOnly } from '../host/tool-search-session.ts';
import type { ToolSearchSettings } from '../catalogue/tool-search/settings.ts';
import type { Suite, Task } from '../suite/schema.ts';
import { assessToolUse } from './episode-feedback.ts';
import { deferredLoadingScores } from './deferred-loading-scores.ts';
import { stopAtFirstToolCall } from './selection-only.ts';
import { SELECTION_ONLY_NOTE } from '../text/tdo-text.ts';
import { SCORE } from '../measure/score-names.ts';
import { serverChoiceScores } from './server-choice.ts';
import type { EpisodeWriter } from './store-port.ts';
import type { ModelStepInput, ScoreInput } from '../../traces/index.ts';

/** The catalogue an agent starts with under deferred loading. */
const NO_TOOLS: Catalogue = { tools: [] };

export interface EpisodeSpec {
  runId: string;
  suite: Suite;
  task: Task;
  repeat: number;
  /** the episode's random seed (episodeSeed): the store and the agent call it `seed` */
  randomSeed: number;
  catalogue: Catalogue;
  /** Deferred loading: the agent starts with a search tool only (absent or mode `off`: every catalogue tool is offered). */
  toolSearch?: ToolSearchSettings;
  /** Per-episode credentials (the episode's own buyer token) for servers that declare auth. */
  headersFor?: (episodeId: string, task: Task) => HeadersFor;
  /**
   * More scores for a completed episode, committed in its own commit: called inside it, after the result
   * and the episode's scores are written, so it may read the episode back from the store.
   */
  scoreAlso?: (episodeId: string) => ScoreInput[];
  /**
   * The command's interruption (Ctrl-C, SIGTERM). A terminal's Ctrl-C signals the whole process group, so it
   * ends a stdio server mid-call too: an outage met once the signal is raised is the stop's own doing, not the
   * server's, and the episode is left unfinished (as a killed one is) for a resume to run again.
   */
  signal?: AbortSignal;
}

export interface EpisodeOutcome {
  episodeId: string;
  taskId: string;
  repeat: number;
  /**
   * 'error': the infrastructure failed (model endpoint, MCP server, the agent itself); the task was not judged.
   * 'interrupted': stopped by the command's interruption before a verdict; the episode is left unfinished.
   */
  status: 'completed' | 'error' | 'interrupted';
  /** false for an error, which is no verdict on the task */
  success: boolean;
  /** the check's feedback, or for an error its cause */
  feedback: string;
  calls: LiveToolCall[];
}

/** An episode that ended, with a verdict or an outage: what progress bars and tallies count. */
export type FinishedOutcome = EpisodeOutcome & { status: 'completed' | 'error' };

/**
 * Runs one task attempt: the agent works through the host, every tool call and model call is committed
 * as it completes, then the answer is checked and scored. An outage (the endpoint or a server failing, the
 * agent throwing) ends the episode as an error with its cause and no scores: it says nothing of the task.
 */
export async function runEpisode(store: EpisodeWriter, host: Host, agent: Agent, spec: EpisodeSpec): Promise<EpisodeOutcome> {
  const outcome = await playEpisode(store, host, agent, spec);
  // A turn of the event loop before the runner takes the next episode: one that waits on no I/O (a selection-only
  // task with the sim agent) settles in promise callbacks alone, and without the turn every episode of the run would
  // start before Ctrl-C's handler could raise the stop.
  await eventLoopTurn();
  return outcome;
}

async function playEpisode(store: EpisodeWriter, host: Host, agent: Agent, spec: EpisodeSpec): Promise<EpisodeOutcome> {
  const { task, suite } = spec;
  const episode = store.startEpisode({ runId: spec.runId, taskId: task.id, split: task.split, repeat: spec.repeat, seed: spec.randomSeed });
  const calls: LiveToolCall[] = [];
  let routes: EpisodeRoutes;
  try {
    routes = await host.episode({ id: episode.id, ...(spec.headersFor === undefined ? {} : { headersFor: spec.headersFor(episode.id, task) }) });
  } catch (err) {
    // A server that refuses this episode's connection ends the episode, not the run.
    return endWithOutage(store, episode.id, spec, null, `could not connect to the MCP server for this episode: ${(err as Error).message}`, calls);
  }
  // A step the store refuses (a full disk, a corrupt file) ends the command, whatever the agent makes of the throw:
  // it is kept here and raised after the agent returns, never recorded as the agent's failure.
  let storeFailure: { error: unknown } | undefined;
  const writing = (write: () => void) => {
    try {
      write();
    } catch (error) {
      storeFailure ??= { error };
      throw error;
    }
  };
  const record = (call: LiveToolCall) => {
    calls.push(call);
    writing(() => store.addToolStep(episode.id, call));
  };
  const recordModel = (call: ModelStepInput) => writing(() => store.addModelStep(episode.id, call));
  const routed = routes.invoker(spec.catalogue, record);
  const selectionOnly = task.stopAfterToolCall === true ? stopAtFirstToolCall(spec.catalogue, routed, record) : undefined;
  const searchSettings = spec.toolSearch;
  const deferred =
    searchSettings === undefined || searchSettings.mode === 'off'
      ? undefined
      : deferredTools(spec.catalogue, { mode: searchSettings.mode, k: searchSettings.k }, recordModel);
  // outermost, so that a call to a tool no search loaded is refused before it can count as a selection-only task's first call
  const tools = deferred === undefined ? (selectionOnly?.invoker ?? routed) : loadedOnly(deferred, selectionOnly?.invoker ?? routed, record);

  let result: AgentResult;
  try {
    result = await agent.run({
      task,
      systemPrompt: suite.systemPrompt,
      catalogue: deferred === undefined ? spec.catalogue : NO_TOOLS,
      ...(deferred === undefined ? {} : { toolSearch: deferred }),
      tools,
      modelCalls: { record: recordModel },
      seed: spec.randomSeed,
    });
  } catch (err) {
    // an input error (docs/commands.md, "Errors and exit codes") is the command's to report: recorded, then raised
    if (isTdoError(err, 'input')) throw inputStop(store, episode.id, spec, err, calls);
    result = { answer: null, stop: 'error', note: `agent failed: ${(err as Error).message}` };
  } finally {
    await routes.close();
  }
  if (storeFailure !== undefined) throw storeFailure.error;
  // A selection-only task stops the agent at its first call on purpose: that is the result, not an outage.
  if (selectionOnly?.stopped()) result = { answer: null, stop: 'tool_call', note: SELECTION_ONLY_NOTE };
  const outage = outageOf(result, calls);
  if (outage !== undefined) return endWithOutage(store, episode.id, spec, result.answer, outage, calls);

  const verdict = checkEpisode(task, result.answer, calls);
  const use = assessToolUse(task, calls);
  const feedback = [verdict.feedback, result.note, ...use.remarks].filter(Boolean).join(' ');
  // The result and its scores in one commit: a finished episode never lacks its scores (resume redoes
  // only unfinished ones), and one commit instead of one per score.
  store.atomically(() => {
    store.finishEpisode(episode.id, {
      status: 'completed',
      answer: result.answer,
      success: verdict.success,
      feedback,
      stop: result.stop,
      ...(result.note === undefined ? {} : { note: result.note }),
    });
    store.addScore(episode.id, { name: SCORE.success, value: verdict.success ? 1 : 0, comment: feedback });
    if (use.precision !== undefined) store.addScore(episode.id, { name: SCORE.toolPrecision, value: use.precision });
    if (use.recall !== undefined) store.addScore(episode.id, { name: SCORE.toolRecall, value: use.recall });
    for (const score of verdict.scores) store.addScore(episode.id, score);
    const servers = [...new Set(spec.catalogue.tools.map((t) => t.server))];
    for (const score of serverChoiceScores(servers, calls)) store.addScore(episode.id, score);
    if (deferred !== undefined) for (const score of deferredLoadingScores(task, spec.catalogue, deferred)) store.addScore(episode.id, score);
    for (const score of spec.scoreAlso?.(episode.id) ?? []) store.addScore(episode.id, score);
  });
  return { episodeId: episode.id, taskId: task.id, repeat: spec.repeat, status: 'completed', success: verdict.success, feedback, calls };
}

/** Why the episode is an outage rather than a result, if it is: the agent's own error, or a server that did not answer. */
function outageOf(result: AgentResult, calls: readonly LiveToolCall[]): string | undefined {
  if (result.stop === 'error') return result.note ?? 'the agent stopped with an error';
  const lost = calls.find((c) => c.unreachable === true);
  return lost === undefined ? undefined : `MCP server ${lost.server} did not answer ${lost.tool}: ${lost.output}`;
}

/**
 * An episode an outage ended: an error with its cause; after Ctrl-C, which the servers tdo started get too, it is
 * the interruption's doing and the episode is left unfinished, for --resume to run again.
 */
/** Ends the episode as errored with the input error's message, and gives the error back for the command to raise. */
function inputStop(store: EpisodeWriter, episodeId: string, spec: EpisodeSpec, error: Error, calls: LiveToolCall[]): Error {
  endWithOutage(store, episodeId, spec, null, error.message, calls);
  return error;
}

function endWithOutage(
  store: EpisodeWriter,
  episodeId: string,
  spec: EpisodeSpec,
  answer: string | null,
  cause: string,
  calls: LiveToolCall[],
): EpisodeOutcome {
  if (spec.signal?.aborted === true)
    return { episodeId, taskId: spec.task.id, repeat: spec.repeat, status: 'interrupted', success: false, feedback: `interrupted: ${cause}`, calls };
  store.finishEpisode(episodeId, { status: 'error', answer, success: null, feedback: cause, stop: 'error', note: cause });
  return { episodeId, taskId: spec.task.id, repeat: spec.repeat, status: 'error', success: false, feedback: cause, calls };
}
