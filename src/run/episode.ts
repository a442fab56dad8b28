import type { Agent, AgentResult } from '../agents/agent.ts';
import { checkEpisode } from '../checks/check-episode.ts';
import type { Catalogue } from '../host/catalogue-types.ts';
import type { HeadersFor, Host, ToolCallEvent } from '../host/host.ts';
import type { Suite, Task } from '../suite/schema.ts';
import { assessToolUse } from './episode-feedback.ts';
import { SELECTION_ONLY_NOTE, stopAtFirstToolCall } from './selection-only.ts';
import type { SuiteRunStore } from './store-port.ts';
import type { ToolStepInput } from '../../traces/index.ts';

export interface EpisodeSpec {
  runId: string;
  suite: Suite;
  task: Task;
  repeat: number;
  seed: number;
  catalogue: Catalogue;
  /** Per-episode credentials (the episode's own buyer token) for servers that declare auth. */
  headersFor?: (episodeId: string, task: Task) => HeadersFor;
}

export interface EpisodeOutcome {
  episodeId: string;
  taskId: string;
  repeat: number;
  success: boolean;
  feedback: string;
  calls: ToolCallEvent[];
}

/**
 * Runs one task attempt: the agent works through the host, every tool call and model call is committed
 * as it completes, then the answer is checked and scored. Agent failures end the episode, not the run.
 */
export async function runEpisode(store: SuiteRunStore, host: Host, agent: Agent, spec: EpisodeSpec): Promise<EpisodeOutcome> {
  const { task, suite } = spec;
  const episode = store.startEpisode({ runId: spec.runId, taskId: task.id, split: task.split, repeat: spec.repeat, seed: spec.seed });
  const calls: ToolCallEvent[] = [];
  let routes: Awaited<ReturnType<Host['episode']>> | undefined;
  try {
    routes = spec.headersFor === undefined ? undefined : await host.episode(spec.headersFor(episode.id, task));
  } catch (err) {
    // A server that refuses this episode's connection fails the episode, not the run.
    store.atomically(() => {
      store.finishEpisode(episode.id, { status: 'error', answer: null, success: false, feedback: `could not connect for this episode: ${(err as Error).message}`, stop: 'error' });
      store.addScore(episode.id, { name: 'success', value: 0 });
    });
    return { episodeId: episode.id, taskId: task.id, repeat: spec.repeat, success: false, feedback: `could not connect for this episode: ${(err as Error).message}`, calls };
  }
  const record = (call: ToolCallEvent) => {
    calls.push(call);
    store.addToolStep(episode.id, toolStepOf(call));
  };
  const routed = (routes ?? host).invoker(spec.catalogue, record);
  const selectionOnly = task.stopAfterToolCall === true ? stopAtFirstToolCall(spec.catalogue, routed, record) : undefined;
  const tools = selectionOnly?.invoker ?? routed;

  let result: AgentResult;
  try {
    result = await agent.run({
      task,
      systemPrompt: suite.systemPrompt,
      catalogue: spec.catalogue,
      tools,
      modelCalls: { record: (call) => store.addModelStep(episode.id, call) },
      seed: spec.seed,
    });
  } catch (err) {
    result = { answer: null, stop: 'error', note: `agent failed: ${(err as Error).message}` };
  } finally {
    await routes?.close();
  }
  if (selectionOnly?.stopped()) result = { answer: null, stop: 'tool_call', note: SELECTION_ONLY_NOTE };

  const verdict = checkEpisode(task, result.answer, calls);
  const use = assessToolUse(task, calls);
  const feedback = [verdict.feedback, result.note, ...use.remarks].filter(Boolean).join(' ');
  // The result and its scores in one commit: a finished episode never lacks its scores (resume redoes
  // only unfinished ones), and one commit instead of one per score.
  store.atomically(() => {
    store.finishEpisode(episode.id, {
      status: result.stop === 'error' ? 'error' : 'completed',
      answer: result.answer,
      success: verdict.success,
      feedback,
      stop: result.stop,
      ...(result.note === undefined ? {} : { note: result.note }),
    });
    store.addScore(episode.id, { name: 'success', value: verdict.success ? 1 : 0, comment: feedback });
    store.addScore(episode.id, { name: 'tool_precision', value: use.precision });
    store.addScore(episode.id, { name: 'tool_recall', value: use.recall });
    for (const score of verdict.scores) store.addScore(episode.id, score);
    if (suite.target !== undefined) {
      const chosen = calls.some((c) => c.server === suite.target);
      store.addScore(episode.id, {
        name: 'selection',
        value: chosen ? 1 : 0,
        comment: chosen ? `${suite.target} was chosen.` : `${suite.target} was not chosen; the agent called ${calls.map((c) => c.catalogueName).join(', ') || 'no tool'}.`,
      });
    }
  });
  return { episodeId: episode.id, taskId: task.id, repeat: spec.repeat, success: verdict.success, feedback, calls };
}

/** A tool call as the trace store keeps it. */
export function toolStepOf(call: ToolCallEvent): ToolStepInput {
  return {
    server: call.server,
    tool: call.tool,
    catalogueName: call.catalogueName,
    args: call.args,
    resultText: call.outcome.text,
    isError: call.outcome.isError,
    latencyMs: call.latencyMs,
  };
}
