import type { Agent, AgentResult } from '../agents/agent.ts';
import { checkAnswer } from '../checks/answer-check.ts';
import type { Catalogue } from '../host/catalogue-types.ts';
import type { Host, ToolCallEvent } from '../host/host.ts';
import type { Suite, Task } from '../suite/schema.ts';
import { assessToolUse } from './episode-feedback.ts';
import type { SuiteRunStore } from './store-port.ts';

export interface EpisodeSpec {
  runId: string;
  suite: Suite;
  task: Task;
  repeat: number;
  seed: number;
  catalogue: Catalogue;
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
  const tools = host.invoker(spec.catalogue, (call) => {
    calls.push(call);
    store.addToolStep(episode.id, {
      server: call.server,
      tool: call.tool,
      catalogueName: call.catalogueName,
      args: call.args,
      resultText: call.outcome.text,
      isError: call.outcome.isError,
      latencyMs: call.latencyMs,
    });
  });

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
  }

  const verdict = checkAnswer(task.check, result.answer);
  const use = assessToolUse(task, calls);
  const feedback = [verdict.feedback, result.note, ...use.remarks].filter(Boolean).join(' ');
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
  if (suite.target !== undefined) {
    const chosen = calls.some((c) => c.server === suite.target);
    store.addScore(episode.id, {
      name: 'selection',
      value: chosen ? 1 : 0,
      comment: chosen ? `${suite.target} was chosen.` : `${suite.target} was not chosen; the agent called ${calls.map((c) => c.catalogueName).join(', ') || 'no tool'}.`,
    });
  }
  return { episodeId: episode.id, taskId: task.id, repeat: spec.repeat, success: verdict.success, feedback, calls };
}
